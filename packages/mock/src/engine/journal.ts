// The request journal: every request the mock answered, in a ring of the last N whose slots are reused, made into
// a public, redacted entry only when someone reads it.
//
// Why the ring holds bytes, not the request's objects: each request's headers, target and body are new objects, and
// a ring that keeps 1000 of them alive makes V8's young-generation GC copy, then promote, every one of them (measured
// with callgrind on the bench's POST: about 12,000 instructions a request, most of them the scavenger's and the
// concurrent marker's; a plain node:http server spends about 84,000 on the whole request). So the hot path writes the
// target and headers as one string, and the body, into preallocated bytes; nothing of the request stays alive.
// An entry too large for its slot keeps its own copy instead (a rare case: large headers or a body over the room).
import type { IncomingHttpHeaders } from 'node:http';
import { apiKeyOf } from './key-registry.js';
import { essenceOf, isJsonMediaType } from './media-type.js';
import { originForm } from './request-target.js';

/** The largest request body the journal keeps; a longer one is kept cut, with `bodyTruncated: true`. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;
/** How many requests the journal keeps by default. */
export const DEFAULT_JOURNAL_SIZE = 1000;
/** The bytes each slot has for its target, headers and body before the entry keeps its own copy (2 MiB for 1000). */
const SLOT_BYTES = 2048;
/** Slots are given their bytes in chunks, as the ring first fills: a large journalSize costs only what is used. */
const CHUNK_SLOTS = 64;
/** Separates the target, header names and values in a slot's text: no HTTP target, name or value can hold it. */
const SEPARATOR = '\0';
/** Marks a header name whose value was a list (node gives `set-cookie` as one). */
const LIST_MARK = '\u0001';

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

/** A request as read back from its slot. */
interface Kept {
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer | undefined;
}

/** An entry that did not fit its slot's bytes: its own copies (the body copied, so it holds no socket buffer). */
interface Spilled {
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
}

/**
 * One reused place in the ring. Only numbers and strings the mock already holds for long (method names, operation
 * and rule ids) are stored in it on the hot path; the request itself is in `bytes`.
 */
interface Slot {
  seq: number;
  time: number;
  method: string;
  operationId: string | null;
  status: number | null;
  rule: string | null;
  simulated: string | null;
  cleared: boolean;
  /** The slot's own bytes (a view of its chunk). */
  readonly bytes: Buffer;
  /** Bytes of the target-and-headers text in `bytes`; -1 when the entry is in `spilled`. */
  textBytes: number;
  /** Bytes of the body after the text; -1 when there is none, or it is in `spilled`. */
  bodyBytes: number;
  bodyCut: boolean;
  spilled: Spilled | undefined;
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
    const slot = this.slots[this.next] ?? this.addChunk();
    if (!slot.cleared && slot.seq !== 0) this.droppedCount++;
    this.next = (this.next + 1) % this.size;
    slot.seq = ++this.seq;
    slot.time = Date.now();
    slot.method = method;
    slot.status = status;
    slot.operationId = operationId;
    slot.rule = rule;
    slot.simulated = simulated;
    slot.cleared = false;
    slot.spilled = undefined;
    slot.bodyCut = false;
    slot.bodyBytes = -1;
    // One string, one write: a write per header costs more than the concatenation (callgrind again).
    let text = target;
    for (const name in headers) {
      const value = headers[name];
      if (typeof value === 'string') text += SEPARATOR + name + SEPARATOR + value;
      else if (value !== undefined) for (const item of value) text += SEPARATOR + LIST_MARK + name + SEPARATOR + item;
    }
    const room = slot.bytes.length;
    const written = slot.bytes.write(text, 0, room);
    // Writing stops at the text's end or before a character that no longer fits (at most 4 bytes): with 4 bytes to
    // spare, the text ended.
    if (written > room - 4) {
      this.spill(slot, target, headers, body);
      return slot.seq;
    }
    slot.textBytes = written;
    if (body !== undefined) {
      if (body.length <= room - written) {
        slot.bytes.set(body, written);
        slot.bodyBytes = body.length;
      } else {
        // The text stays in the bytes; only the body is copied.
        slot.spilled = { target: '', headers: {}, body: undefined };
        this.keepBody(slot, body);
      }
    }
    return slot.seq;
  }

  /** The status (and body) of a request answered later (by Prism), if its entry is still kept. */
  settle(seq: number, status: number, body: Buffer | undefined): void {
    const slot = this.slots.find((candidate) => candidate.seq === seq);
    if (slot === undefined) return;
    slot.status = status;
    if (body !== undefined && slot.bodyBytes === -1 && slot.spilled?.body === undefined) {
      slot.spilled ??= { target: '', headers: {}, body: undefined };
      this.keepBody(slot, body);
    }
  }

  /** The kept entries, oldest first, redacted. */
  entries(filter: RequestFilter = {}): JournalEntry[] {
    const ordered = [...this.slots.slice(this.next), ...this.slots.slice(0, this.next)];
    const result: JournalEntry[] = [];
    for (const slot of ordered) {
      if (slot.cleared || slot.seq === 0) continue;
      if (filter.operationId !== undefined && slot.operationId !== filter.operationId) continue;
      const kept = readSlot(slot);
      if (filter.key !== undefined && apiKeyOf(kept.headers) !== filter.key) continue;
      result.push(publicEntry(slot, kept));
    }
    return result;
  }

  /** Forgets every entry (and the dropped count), or only those sent with `key`. */
  clear(key?: string): void {
    for (const slot of this.slots) {
      if (slot.cleared || slot.seq === 0) continue;
      if (key === undefined || apiKeyOf(readSlot(slot).headers) === key) {
        slot.cleared = true;
        // Nothing of a cleared request is held: its bytes are overwritten by the next entry, its copies dropped.
        slot.spilled = undefined;
        slot.bytes.fill(0, 0, Math.max(0, slot.textBytes) + Math.max(0, slot.bodyBytes));
        slot.textBytes = 0;
        slot.bodyBytes = -1;
      }
    }
    if (key === undefined) this.droppedCount = 0;
  }

  /** Gives the next {@link CHUNK_SLOTS} slots (at most up to `size`) their bytes; returns the slot at `next`. */
  private addChunk(): Slot {
    const count = Math.min(CHUNK_SLOTS, this.size - this.slots.length);
    const chunk = Buffer.alloc(count * SLOT_BYTES);
    for (let index = 0; index < count; index++) {
      this.slots.push({
        seq: 0,
        time: 0,
        method: '',
        operationId: null,
        status: null,
        rule: null,
        simulated: null,
        cleared: false,
        bytes: chunk.subarray(index * SLOT_BYTES, (index + 1) * SLOT_BYTES),
        textBytes: 0,
        bodyBytes: -1,
        bodyCut: false,
        spilled: undefined,
      });
    }
    return this.slots[this.next]!;
  }

  /** Keeps an entry too large for its slot as copies of its own. */
  private spill(slot: Slot, target: string, headers: IncomingHttpHeaders, body: Buffer | undefined): void {
    const copy: IncomingHttpHeaders = {};
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined) copy[name] = typeof value === 'string' ? value : [...value];
    }
    slot.textBytes = -1;
    slot.spilled = { target, headers: copy, body: undefined };
    if (body !== undefined) this.keepBody(slot, body);
  }

  /** A copy of the kept part, so that a 10 MB body is not held by its first 64 KiB, nor a socket's buffer by it. */
  private keepBody(slot: Slot, body: Buffer): void {
    slot.bodyCut = body.length > JOURNAL_BODY_LIMIT;
    slot.spilled!.body = Buffer.from(slot.bodyCut ? body.subarray(0, JOURNAL_BODY_LIMIT) : body);
  }
}

/** The target, headers and body of a slot, from its bytes or its copies. */
function readSlot(slot: Slot): Kept {
  const spilled = slot.spilled;
  const body = slot.bodyBytes >= 0 ? slot.bytes.subarray(slot.textBytes, slot.textBytes + slot.bodyBytes) : spilled?.body;
  if (slot.textBytes < 0) return { target: spilled!.target, headers: spilled!.headers, body };
  const parts = slot.bytes.toString('utf8', 0, slot.textBytes).split(SEPARATOR);
  const headers: IncomingHttpHeaders = {};
  for (let index = 1; index + 1 < parts.length; index += 2) {
    const name = parts[index]!;
    const value = parts[index + 1]!;
    if (name.startsWith(LIST_MARK)) {
      const listName = name.slice(LIST_MARK.length);
      const list = headers[listName];
      headers[listName] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      headers[name] = value;
    }
  }
  return { target: parts[0]!, headers, body };
}

/** How a key is shown: its last four characters when it is long enough that they say little, else nothing of it. */
export function keyHintOf(key: string): string {
  return key.length >= 12 ? `…${key.slice(-4)}` : '[redacted]';
}

/** Headers whose values are credentials, redacted whatever they hold. */
const credentialHeaders = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie']);

function publicEntry(slot: Slot, kept: Kept): JournalEntry {
  const key = apiKeyOf(kept.headers);
  const hint = key === undefined ? null : keyHintOf(key);
  // A key shorter than 4 characters would be replaced inside every other word: it is only redacted where it is a credential.
  const redact = (text: string): string => (key !== undefined && key.length >= 4 ? text.split(key).join(hint!) : text);
  const headers: Record<string, string | readonly string[]> = {};
  for (const [name, value] of Object.entries(kept.headers)) {
    if (value === undefined) continue;
    if (credentialHeaders.has(name)) headers[name] = name === 'x-api-key' && value === key ? hint! : '[redacted]';
    else headers[name] = typeof value === 'string' ? redact(value) : value.map(redact);
  }
  const target = originForm(kept.target);
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
    body: bodyOf(kept, slot.bodyCut, redact),
    bodyTruncated: slot.bodyCut,
    rule: slot.rule,
    simulated: slot.simulated,
    keyHint: hint,
  };
}

function bodyOf(kept: Kept, bodyCut: boolean, redact: (text: string) => string): unknown {
  if (kept.body === undefined || kept.body.length === 0) return null;
  const text = redact(kept.body.toString('utf8'));
  const contentType = kept.headers['content-type'];
  if (!bodyCut && contentType !== undefined && isJsonMediaType(essenceOf(contentType))) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: its text says what was sent.
    }
  }
  return text;
}
