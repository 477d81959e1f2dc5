// What a test in any language sees of an exchange with the mock, made comparable across the three launchers: the
// status, the headers that say why, the body; or how the exchange failed. Times and durations are left out.
import { request } from 'node:http';
import { expect } from 'vitest';
import type { Launched, LauncherName } from './launchers.js';

/** The headers compared: the mock's own, and the ones the contract or HTTP gives meaning to. */
const COMPARED = /^(content-type|retry-after|allow|vary|access-control-.*|x-thumbnail-api-mock-.*)$/;

export interface Exchange {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** How it failed instead: `reset`, `cut` (the body ended early), or another error code. */
  readonly failed?: string;
}

export interface Sent {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

/** Sends one request (a JSON body when `body` is given) and observes the answer; never throws for a failed exchange. */
export function exchange(base: string, sent: Sent = {}): Promise<Exchange> {
  const url = new URL(base);
  const body = sent.body === undefined ? undefined : typeof sent.body === 'string' ? sent.body : JSON.stringify(sent.body);
  const headers: Record<string, string> = {
    ...(body !== undefined && typeof sent.body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...sent.headers,
  };
  return new Promise((resolve) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method: sent.method ?? 'GET', path: sent.path ?? '/api/thumbnails', headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => resolve({ status: response.statusCode, failed: 'cut' }));
        response.on('aborted', () => resolve({ status: response.statusCode, failed: 'cut' }));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const shown = Object.fromEntries(
            Object.entries(response.headers)
              .filter(([name]) => COMPARED.test(name))
              .map(([name, value]) => [name, String(value)]),
          );
          let parsed: unknown = text;
          try {
            parsed = text === '' ? '' : JSON.parse(text);
          } catch {
            // Not JSON: compared as text.
          }
          resolve({ status: response.statusCode, headers: shown, body: withoutTimes(parsed) });
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ failed: error.code === 'ECONNRESET' ? 'reset' : (error.code ?? error.message) }));
    outgoing.end(body);
  });
}

/** `value` with every `time`, `firstSeen`, `lastSeen` and `host` field blanked: they differ by run (and port), not by launcher. */
export function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, /^(time|firstSeen|lastSeen|host)$/.test(name) ? `<${name}>` : withoutTimes(item)]),
  );
}

/** The mocks of one case, by launcher, with their URLs. */
export type Running = ReadonlyArray<{ readonly run: Launched; readonly url: string }>;

/**
 * Runs `observe` against every launcher's mock (one after another), asserts they all saw what the npm CLI saw (a
 * difference fails, naming the launcher), and returns the npm CLI's observation for the case's own assertions.
 */
export async function sameEverywhere<T>(mocks: Running, observe: (url: string, launcher: LauncherName) => Promise<T>): Promise<T> {
  const seen: { launcher: LauncherName; seen: T }[] = [];
  for (const { run, url } of mocks) seen.push({ launcher: run.launcher, seen: await observe(url, run.launcher) });
  const [reference, ...others] = seen;
  for (const other of others)
    expect(other, `${other.launcher} differs from the ${reference!.launcher}`).toEqual({ launcher: other.launcher, seen: reference!.seen });
  return reference!.seen;
}
