// The answer handed to openapi-fetch: a new Response over the body the transport read in full within the attempt.
import type { Attempt } from './attempt.js';

/** What a BufferedResponse keeps of the fetched response. */
export type ResponseHead = Pick<Response, 'status' | 'statusText' | 'ok' | 'headers' | 'url'>;
type Bytes = Uint8Array<ArrayBuffer>;

const utf8 = new TextDecoder();

/** A body longer than the limit: `excerpt` holds its first bytes (a few KB at most), for the error. */
export class BodyOverLimit extends Error {
  constructor(
    readonly response: Response,
    readonly excerpt: Bytes,
  ) {
    super('The body is longer than maxResponseBytes.');
  }
}

const EXCERPT_BYTES = 4096;

/**
 * Reads a body whole, but no more than `limit` bytes: past it, stops and throws BodyOverLimit. Whenever it stops early
 * (past the limit, or the attempt ending), it cancels the body: a fetch that ignores the signal would otherwise hold
 * the connection for as long as the body lies unread.
 */
export async function readBody(response: Response, limit: number, attempt: Attempt): Promise<Bytes> {
  const body = response.body as ReadableStream<Uint8Array>;
  // A declared length over the limit needs no reading (with a Content-Encoding it is the encoded length: count instead).
  if (Number(response.headers.get('content-length')) > limit && !response.headers.has('content-encoding')) {
    void body.cancel().catch(() => undefined);
    throw new BodyOverLimit(response, new Uint8Array());
  }
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  // (ended already when a fetch that ignores the signal answers after the attempt's time limit)
  if (attempt.signal.aborted) stop();
  else attempt.onEnd = stop;
  const chunks: Bytes[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    chunks.push(read.value as Bytes);
    if (size > limit) {
      stop();
      throw new BodyOverLimit(response, joined(chunks, EXCERPT_BYTES));
    }
  }
  return joined(chunks, size);
}

/** The first `size` bytes of the chunks, in one array. */
function joined(chunks: Bytes[], size: number): Bytes {
  if (chunks.length === 1 && chunks[0]!.byteLength <= size) return chunks[0]!;
  const bytes = new Uint8Array(
    Math.min(
      size,
      chunks.reduce((total, chunk) => total + chunk.byteLength, 0),
    ),
  );
  for (let i = 0, at = 0; at < bytes.length; at += chunks[i]!.byteLength, i++) bytes.set(chunks[i]!.subarray(0, bytes.length - at), at);
  return bytes;
}

/**
 * A Response over bytes already read, with the status line, headers and URL that fetch read (the constructor refuses
 * a status over 599 or a non-ASCII reason phrase, and takes no URL). `text()` and `json()`, what openapi-fetch reads
 * with, read the bytes once from memory; a stream, Blob or form data comes from a plain Response made only then
 * (making one for every call costs some 50 µs of a 200 µs local call).
 */
export class BufferedResponse extends Response {
  override readonly status: number;
  override readonly statusText: string;
  override readonly ok: boolean;
  override readonly headers: Headers;
  override readonly url: string;
  readonly #bytes: Bytes | null;
  #used = false;
  #plain: Response | undefined;

  /** `bytes` is `null` for an answer without a body (to HEAD, or a 204, 205 or 304). */
  constructor(head: ResponseHead, bytes: Bytes | null) {
    super();
    ({ status: this.status, statusText: this.statusText, ok: this.ok, headers: this.headers, url: this.url } = head);
    this.#bytes = bytes;
  }

  override get body() {
    return this.#bytes && this.#asPlain().body;
  }
  override get bodyUsed() {
    return this.#plain ? this.#plain.bodyUsed : this.#used;
  }
  override async text(): Promise<string> {
    if (this.#plain) return this.#plain.text();
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ? utf8.decode(this.#bytes) : '';
  }
  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  override arrayBuffer() {
    return this.#asPlain().arrayBuffer();
  }
  override bytes() {
    return this.#asPlain().bytes();
  }
  override blob() {
    return this.#asPlain().blob();
  }
  override formData() {
    return this.#asPlain().formData();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this, this.#bytes);
  }

  #asPlain(): Response {
    if (!this.#plain) {
      this.#plain = new Response(this.#bytes, { headers: this.headers });
      // A body already read stays read.
      if (this.#used) void this.#plain.arrayBuffer();
    }
    return this.#plain;
  }
}
