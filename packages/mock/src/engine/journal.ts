// The request journal: every request the mock answered, kept by reference in a ring of the last N (the hot path
// only overwrites a slot's fields) and made into a public, redacted entry only when someone reads it.
import type { IncomingHttpHeaders } from 'node:http';
import { apiKeyOf } from './key-registry.js';
import { essenceOf, isJsonMediaType } from './media-type.js';
import { originForm } from './request-target.js';

/** The largest request body the journal keeps; a longer one is kept cut, with `bodyTruncated: true`. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;
/** How many requests the journal keeps by default. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** One request the mock received and what it answered, as `requests()` and `GET /__mock/requests` show it. */
export interface JournalEntry {
  /** When the request arrived, as an ISO 8601 time. */
  readonly time: string;
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** The query's parameters; a repeated one is an array. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** The operation the request went to, or `null` (an unknown path or method). */
  readonly operationId: string | null;
  /** The status answered, or `null` when no answer was sent (a `reset` or `hang` fault). */
  readonly status: number | null;
  /** The request's headers, lower-case, with the API key and other credentials redacted. */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** The body: parsed when it is JSON, else its text; `null` when none was read (no body, or Prism read it). */
  readonly body: unknown;
  /** Whether `body` is only the first {@link JOURNAL_BODY_LIMIT} bytes of a longer body. */
  readonly bodyTruncated: boolean;
  /** The id of the rule that answered (or delayed) the request, or `null`. */
  readonly rule: string | null;
  /** What the mock simulated, not documented by the service (e.g. `fault=reset`), or `null`. */
  readonly simulated: string | null;
  /** The request's API key shown as its last four characters (`…f00d`), or `null` without a key. */
  readonly keyHint: string | null;
}

/** Which entries to read: those of one operation and/or one API key (matched in full, never shown). */
export interface RequestFilter {
  readonly operationId?: string;
  readonly key?: string;
}

interface Slot {
  seq: number;
  time: number;
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
  bodyCut: boolean;
  status: number | null;
  operationId: string | null;
  rule: string | null;
  simulated: string | null;
  cleared: boolean;
}

export class Journal {
  private readonly slots: Slot[] = [];
  private next = 0;
  private seq = 0;
  private droppedCount = 0;

  constructor(readonly size: number) {}

  /** Entries overwritten by newer ones (or never kept, with a size of 0) since the last clear. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Keeps a request; returns its sequence number (for {@link settle}), or -1 when the journal is off. */
  record(
    method: string,
    target: string,
    headers: IncomingHttpHeaders,
    operationId: string | null,
    status: number | null,
    rule: string | null,
    simulated: string | null,
    body: Buffer | undefined,
  ): number {
    if (this.size === 0) {
      this.droppedCount++;
      return -1;
    }
    let slot = this.slots[this.next];
    if (slot === undefined) {
      slot = {} as Slot;
      this.slots[this.next] = slot;
    } else if (!slot.cleared) {
      this.droppedCount++;
    }
    this.next = (this.next + 1) % this.size;
    const cut = body !== undefined && body.length > JOURNAL_BODY_LIMIT;
    slot.seq = ++this.seq;
    slot.time = Date.now();
    slot.method = method;
    slot.target = target;
    slot.headers = headers;
    // A copy: of the kept part, so a 10 MB body is not held by its first 64 KiB; and small bodies land in node's shared
    // pool, so the ring holds a few slabs instead of one ArrayBuffer per request (which slowed POSTs under load by GC).
    slot.body = body === undefined ? undefined : Buffer.from(cut ? body.subarray(0, JOURNAL_BODY_LIMIT) : body);
    slot.bodyCut = cut;
    slot.status = status;
    slot.operationId = operationId;
    slot.rule = rule;
    slot.simulated = simulated;
    slot.cleared = false;
    return slot.seq;
  }

  /** The status (and body) of a request answered later (by Prism), if its entry is still kept. */
  settle(seq: number, status: number, body: Buffer | undefined): void {
    const slot = this.slots.find((candidate) => candidate.seq === seq);
    if (slot === undefined) return;
    slot.status = status;
    if (body !== undefined && slot.body === undefined) {
      slot.bodyCut = body.length > JOURNAL_BODY_LIMIT;
      slot.body = slot.bodyCut ? Buffer.from(body.subarray(0, JOURNAL_BODY_LIMIT)) : body;
    }
  }

  /** The kept entries, oldest first, redacted. */
  entries(filter: RequestFilter = {}): JournalEntry[] {
    const ordered = [...this.slots.slice(this.next), ...this.slots.slice(0, this.next)];
    const result: JournalEntry[] = [];
    for (const slot of ordered) {
      if (slot.cleared) continue;
      if (filter.operationId !== undefined && slot.operationId !== filter.operationId) continue;
      if (filter.key !== undefined && apiKeyOf(slot.headers) !== filter.key) continue;
      result.push(publicEntry(slot));
    }
    return result;
  }

  /** Forgets every entry (and the dropped count), or only those sent with `key`. */
  clear(key?: string): void {
    for (const slot of this.slots) {
      if (key === undefined || apiKeyOf(slot.headers) === key) {
        slot.cleared = true;
        // Nothing of a cleared request is held.
        slot.headers = {};
        slot.body = undefined;
      }
    }
    if (key === undefined) this.droppedCount = 0;
  }
}

/** How a key is shown: its last four characters when it is long enough that they say little, else nothing of it. */
export function keyHintOf(key: string): string {
  return key.length >= 12 ? `…${key.slice(-4)}` : '[redacted]';
}

/** Headers whose values are credentials, redacted whatever they hold. */
const credentialHeaders = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie']);

function publicEntry(slot: Slot): JournalEntry {
  const key = apiKeyOf(slot.headers);
  const hint = key === undefined ? null : keyHintOf(key);
  // A key shorter than 4 characters would be replaced inside every other word: it is only redacted where it is a credential.
  const redact = (text: string): string => (key !== undefined && key.length >= 4 ? text.split(key).join(hint!) : text);
  const headers: Record<string, string | readonly string[]> = {};
  for (const [name, value] of Object.entries(slot.headers)) {
    if (value === undefined) continue;
    if (credentialHeaders.has(name)) headers[name] = name === 'x-api-key' && value === key ? hint! : '[redacted]';
    else headers[name] = typeof value === 'string' ? redact(value) : value.map(redact);
  }
  const target = originForm(slot.target);
  const at = target.indexOf('?');
  const query: Record<string, string | string[]> = {};
  if (at !== -1) {
    for (const [name, value] of new URLSearchParams(target.slice(at + 1))) {
      const shown = redact(value);
      const before = query[redact(name)];
      query[redact(name)] = before === undefined ? shown : Array.isArray(before) ? [...before, shown] : [before, shown];
    }
  }
  return {
    time: new Date(slot.time).toISOString(),
    method: slot.method,
    path: redact(at === -1 ? target : target.slice(0, at)),
    query,
    operationId: slot.operationId,
    status: slot.status,
    headers,
    body: bodyOf(slot, redact),
    bodyTruncated: slot.bodyCut,
    rule: slot.rule,
    simulated: slot.simulated,
    keyHint: hint,
  };
}

function bodyOf(slot: Slot, redact: (text: string) => string): unknown {
  if (slot.body === undefined || slot.body.length === 0) return null;
  const text = redact(slot.body.toString('utf8'));
  const contentType = slot.headers['content-type'];
  if (!slot.bodyCut && contentType !== undefined && isJsonMediaType(essenceOf(contentType))) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: its text says what was sent.
    }
  }
  return text;
}
