// --record: each exchange with the real service written to its own file, atomically (a temporary file renamed),
// credentials and redacted fields removed first. A failed write is a warning; the proxied call never waits for it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ApiKeyForms } from '@thumbnail-api/spec/model';
import { scrub, secretsOf } from '../http/credentials.js';
import { queryValues } from '../http/request-target.js';
import type { BufferedResponse } from '../node/http-client.js';
import type { ExchangeListener, ProxiedExchange } from '../proxy/proxied-exchange.js';
import { RECORDING_VERSION, type Recording, recordedBody, recordedHeaders } from './recording.js';
import { blankFields, checkRedactPointers, redactedHeaders, redactedPath, redactedQuery, replaceable } from './redact.js';

/** An exchange the upstream answered, as the proxy saw it, before anything is removed. */
export type RawExchange = ProxiedExchange & { readonly response: BufferedResponse };

export interface Recorder {
  /** The folder, absolute. */
  readonly dir: string;
  /** Writes one exchange the upstream answered, in the background (an unanswered one has nothing to record). */
  readonly record: ExchangeListener;
  /** Resolves once every write begun has ended. */
  flush(): Promise<void>;
}

/**
 * Makes `dir` (if needed) and proves it writable; throws an error saying what to do when it is not. `apiKeys`: how the
 * contract's key travels, never written.
 */
export function createRecorder(options: {
  dir: string;
  redact?: readonly string[];
  upstream: string;
  apiKeys: ApiKeyForms;
  onWarning(message: string): void;
}): Recorder {
  const dir = resolve(options.dir);
  const pointers = checkRedactPointers(options.redact ?? []);
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.probe-${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`Cannot record into ${dir} (${code ?? (error as Error).message}). Give --record a folder you can write to.`);
  }
  const writes = new Set<Promise<void>>();
  let sequence = 0;
  return {
    dir,
    record(exchange) {
      if (!isAnswered(exchange)) return;
      const recording = toRecording(exchange, options.upstream, pointers, options.apiKeys);
      const name = fileName(recording, ++sequence);
      const temporary = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      const write = writeFile(temporary, `${JSON.stringify(recording, null, 2)}\n`, { flag: 'wx' })
        .then(() => rename(temporary, join(dir, name)))
        .catch(async (error: NodeJS.ErrnoException) => {
          await unlink(temporary).catch(() => undefined);
          options.onWarning(
            `Could not record ${recording.request.method} ${recording.request.path} into ${dir} (${error.code ?? error.message}); the call itself went through.`,
          );
        })
        .finally(() => writes.delete(write));
      writes.add(write);
    },
    flush: async () => {
      await Promise.all([...writes]);
    },
  };
}

/**
 * The recording of an exchange, with nothing secret left in it: credential headers removed by name, the `--redact`
 * fields blanked, and both (long enough to be secrets) replaced wherever else they appear, the recording kept servable.
 */
export function toRecording(exchange: RawExchange, upstream: string, pointers: readonly string[][], apiKeys: ApiKeyForms): Recording {
  const [path = '/', search = ''] = splitTarget(exchange.url);
  const request = recordedBody(exchange.body, header(exchange.headers['content-type']), header(exchange.headers['content-encoding']));
  const response = recordedBody(
    exchange.response.body,
    header(exchange.response.headers['content-type']),
    header(exchange.response.headers['content-encoding']),
  );
  const removed = [...blankFields(request.body, pointers), ...blankFields(response.body, pointers)];
  const credentials = replaceable(secretsOf(exchange.headers, apiKeys, search));
  const secrets = replaceable([...credentials, ...removed]);
  return {
    recording: RECORDING_VERSION,
    recordedAt: new Date().toISOString(),
    upstream,
    operation: exchange.operation ?? null,
    request: {
      method: exchange.method,
      path: redactedPath(path, secrets),
      query: redactedQuery(queryValues(search), secrets),
      headers: redactedHeaders(recordedHeaders(exchange.headers, apiKeys), secrets, credentials),
      ...scrub(request, secrets),
    },
    response: {
      status: exchange.response.status,
      headers: redactedHeaders(recordedHeaders(exchange.response.headers, apiKeys), secrets, credentials),
      ...scrub(response, secrets),
    },
  };
}

/** `20261126T043012345Z-0001-post-api-thumbnails-200.json`: in time order, and saying what it holds. */
function fileName(recording: Recording, sequence: number): string {
  const stamp = recording.recordedAt.replace(/[-:]/g, '').replace('.', '');
  const slug =
    recording.request.path
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'root';
  const method = recording.request.method.toLowerCase().replace(/[^a-z]/g, '');
  return `${stamp}-${String(sequence).padStart(4, '0')}-${method}-${slug}-${recording.response.status}.json`;
}

function isAnswered(exchange: ProxiedExchange): exchange is RawExchange {
  return exchange.response !== undefined;
}

function splitTarget(url: string): [string, string] {
  const index = url.indexOf('?');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index + 1)];
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
