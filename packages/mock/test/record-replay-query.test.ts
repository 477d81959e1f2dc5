// --replay and the query: recordings of GET /api/thumbnails?page=2 (through the contract proxy and the real client)
// answer ?page=2 only, in any parameter order; a query no recording has gets the compiled answer, as WireMock and Polly
// would not serve another query's recording either.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileContract } from '../src/contract/compile-contract.js';
import type { CompiledOperation } from '../src/contract/compile-operation.js';
import { lazyValidator } from '../src/contract/lazy-validator.js';
import { readContract } from '../src/contract/read-contract.js';
import { readTarget } from '../src/http/request-target.js';
import { startContractProxy } from '../src/index.js';
import { loadReplay, type ReplayBook, recordedHeader } from '../src/record/replay.js';
import { startBufferedServer } from './helpers/http.js';

const key = 'sk-query-sentinel';
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'record-replay-query-'));
  // A stand-in of the service whose list answer names the query it was asked with.
  const upstream = await startBufferedServer((req, _body, res) => {
    const bytes = Buffer.from(JSON.stringify({ items: [], query: new URL(req.url ?? '/', 'http://x').search }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir });
  try {
    const client = new ThumbnailClient({ apiKey: key, baseUrl: proxy.url, maxRetries: 0 });
    await client.request('GET', '/api/thumbnails', { query: { page: 2 } });
    await client.request('GET', '/api/thumbnails', { query: { page: 3, sort: 'new' } });
    await client.thumbnails.list();
    await (await fetch(`${proxy.url}/api/thumbnails?tag=b&tag=a`, { headers: { 'x-api-key': key } })).arrayBuffer();
    // A key sent in the query is recorded as [redacted], which replays for any value.
    await (await fetch(`${proxy.url}/api/thumbnails?page=9&token=${key}`, { headers: { 'x-api-key': key } })).arrayBuffer();
  } finally {
    await proxy.stop();
    await upstream.close();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (suffix: string) => readdirSync(dir).find((name) => name.endsWith(suffix))!;

describe('the replay book (what the engine asks for a valid request)', () => {
  let book: ReplayBook;
  let list: CompiledOperation;
  beforeAll(async () => {
    const contract = await readContract();
    const validator = lazyValidator(contract.model);
    const compiled = compileContract(contract.model, validator, { checkExamples: false });
    book = loadReplay(dir, compiled, await validator.load());
    list = compiled.find('/api/thumbnails')!.operations.get('GET')!;
  });
  /** The file the book answers `target` from, or `null` for the compiled answer. */
  const answered = (target: string) => {
    const answer = book.answerFor(list, readTarget(target), undefined);
    if (answer === undefined) return null;
    const at = answer.headers.indexOf(recordedHeader);
    return answer.headers[at + 1]!;
  };

  test.each([
    ['/api/thumbnails?page=2', '0001-get-api-thumbnails-200.json'],
    ['/api/thumbnails?page=3&sort=new', '0002-get-api-thumbnails-200.json'],
    ['/api/thumbnails?sort=new&page=3', '0002-get-api-thumbnails-200.json'],
    ['/api/thumbnails', '0003-get-api-thumbnails-200.json'],
    ['/api/thumbnails?tag=a&tag=b', '0004-get-api-thumbnails-200.json'],
    ['/api/thumbnails?page=9&token=any-other-value', '0005-get-api-thumbnails-200.json'],
  ])('%s answers from the recording of the same query (%s)', (target, suffix) => {
    expect(answered(target)).toBe(file(suffix));
  });

  test.each([
    '/api/thumbnails?page=1',
    '/api/thumbnails?page=2&extra=1',
    '/api/thumbnails?page=3',
    '/api/thumbnails?tag=a',
    '/api/thumbnails?tag=a&tag=a',
    '/api/thumbnails?page=8&token=x',
  ])('%s matches no recording: the compiled answer', (target) => {
    expect(answered(target)).toBeNull();
  });

  test('the key sent in the query never reached disk', () => {
    const keyed = JSON.parse(readFileSync(join(dir, file('0005-get-api-thumbnails-200.json')), 'utf8'));
    expect(keyed.request.query).toEqual({ page: ['9'], token: ['[redacted]'] });
    const recorded = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
    expect(recorded.join('\n')).not.toContain(key);
  });
});
