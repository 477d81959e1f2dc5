// The request journal: one record per request the mock answered, whatever answered it (as WireMock's ServeEvent),
// kept in a ring of the last N and made into a public, redacted entry only when someone reads it.
import type { IncomingHttpHeaders } from 'node:http';
import { apiKeyOf, CREDENTIAL_HEADERS, keyHintOf, REDACTED } from '../http/credentials.js';
import { essenceOf, isJsonMediaType } from '../http/media-type.js';
import { noteHeader } from '../http/prepared-answer.js';
import { originForm } from '../http/request-target.js';
import type { JournalEntryFields } from './journal-entry.js';

/** The largest request body the journal keeps; a longer one is kept cut, with `bodyTruncated: true`. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;
/** How many requests the journal keeps by default. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** An entry as the journal makes it, before the contract's types describe it (journal-entry.ts). */
export type RecordedEntry = JournalEntryFields & { readonly operationId: string | null; readonly body: unknown };

/** Which entries to read: those of one operation and/or one API key (matched in full, never shown). */
export interface EntryFilter {
  readonly operationId?: string;
  readonly key?: string;
}

/** What the pass over a request records of it, once, when it has decided the answer. */
export interface JournalRecord {
  /** When the request arrived (`Date.now()`). */
  readonly time: number;
  readonly method: string;
  /** The path and query as sent. */
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly operationId: string | null;
  /** The status answered; `null` when no answer is sent (a `reset` or `hang`). */
  readonly status: number | null;
  /** The id of the rule that answered (or delayed) it. */
  readonly rule: string | null;
  readonly simulated: string | null;
  /** The body as read; `undefined` when none was read. */
  readonly body: Buffer | undefined;
  /** The answer's header lines (its note is read from them when the entry is read); `undefined` when none was sent. */
  readonly answerHeaders: readonly string[] | undefined;
}

/** A record as kept: its body a copy, cut to {@link JOURNAL_BODY_LIMIT}. */
interface Kept extends JournalRecord {
  readonly bodyCut: boolean;
}

export class Journal {
  // Parallel rings: the records as the pipeline made them, and the copies of their bodies (no object per request but
  // the record itself).
  private readonly records: (JournalRecord | undefined)[] = [];
  private readonly bodies: (Buffer | undefined)[] = [];
  private readonly cut: boolean[] = [];
  private next = 0;
  private droppedCount = 0;

  constructor(readonly size: number) {}

  /** Entries overwritten by newer ones (or never kept, with a size of 0) since the last clear. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Keeps a request's record, the oldest one making way when the journal is full. */
  record(record: JournalRecord): void {
    if (this.size === 0) {
      this.droppedCount++;
      return;
    }
    const slot = this.next;
    if (this.records[slot] !== undefined) this.droppedCount++;
    const body = record.body;
    const bodyCut = body !== undefined && body.length > JOURNAL_BODY_LIMIT;
    this.records[slot] = record;
    // A copy: of the kept part, so a 10 MB body is not held by its first 64 KiB; and small bodies land in node's shared
    // pool, so the ring holds a few slabs instead of one ArrayBuffer per request (which slowed POSTs under load by GC).
    this.bodies[slot] = body === undefined ? undefined : Buffer.from(bodyCut ? body.subarray(0, JOURNAL_BODY_LIMIT) : body);
    this.cut[slot] = bodyCut;
    this.next = (slot + 1) % this.size;
  }

  /** The kept entries, oldest first, redacted. */
  entries(filter: EntryFilter = {}): RecordedEntry[] {
    const result: RecordedEntry[] = [];
    const count = this.records.length;
    for (let offset = 0; offset < count; offset++) {
      const slot = (this.next + offset) % count;
      const record = this.records[slot];
      if (record === undefined) continue;
      if (filter.operationId !== undefined && record.operationId !== filter.operationId) continue;
      if (filter.key !== undefined && apiKeyOf(record.headers) !== filter.key) continue;
      result.push(publicEntry({ ...record, body: this.bodies[slot], bodyCut: this.cut[slot]! }));
    }
    return result;
  }

  /** Forgets every entry (and the dropped count), or only those sent with `key`. */
  clear(key?: string): void {
    for (let slot = 0; slot < this.records.length; slot++) {
      const record = this.records[slot];
      // Nothing of a cleared request is held.
      if (record !== undefined && (key === undefined || apiKeyOf(record.headers) === key)) {
        this.records[slot] = undefined;
        this.bodies[slot] = undefined;
      }
    }
    if (key === undefined) this.droppedCount = 0;
  }
}

function publicEntry(kept: Kept): RecordedEntry {
  const key = apiKeyOf(kept.headers);
  const hint = key === undefined ? null : keyHintOf(key);
  // A key shorter than 4 characters would be replaced inside every other word: it is only redacted where it is a credential.
  const redact = (text: string): string => (key !== undefined && key.length >= 4 ? text.split(key).join(hint!) : text);
  const headers: Record<string, string | readonly string[]> = {};
  for (const [name, value] of Object.entries(kept.headers)) {
    if (value === undefined) continue;
    if (CREDENTIAL_HEADERS.has(name)) headers[name] = name === 'x-api-key' && value === key ? hint! : REDACTED;
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
    time: new Date(kept.time).toISOString(),
    method: kept.method,
    path: redact(at === -1 ? target : target.slice(0, at)),
    query,
    operationId: kept.operationId,
    status: kept.status,
    headers,
    body: bodyOf(kept, redact),
    bodyTruncated: kept.bodyCut,
    rule: kept.rule,
    simulated: kept.simulated,
    note: noteOf(kept.answerHeaders),
    keyHint: hint,
  };
}

function noteOf(headers: readonly string[] | undefined): string | null {
  if (headers === undefined) return null;
  for (let index = 0; index < headers.length; index += 2) if (headers[index] === noteHeader) return headers[index + 1] ?? null;
  return null;
}

function bodyOf(kept: Kept, redact: (text: string) => string): unknown {
  if (kept.body === undefined || kept.body.length === 0) return null;
  const text = redact(kept.body.toString('utf8'));
  const contentType = kept.headers['content-type'];
  if (!kept.bodyCut && contentType !== undefined && isJsonMediaType(essenceOf(contentType))) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: its text says what was sent.
    }
  }
  return text;
}
