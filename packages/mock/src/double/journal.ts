// The request journal: one record per request the mock answered, whatever answered it (as WireMock's ServeEvent),
// kept in a ring of the last N and made into a public, redacted entry only when someone reads it.
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiKeyForms } from '@thumbnail-api/spec/model';
import { textOf } from '../contract/request-body.js';
import { isCredentialHeader, keyHintOf, keyRedactor, REDACTED } from '../http/credentials.js';
import { essenceOf, isJsonMediaType } from '../http/media-type.js';
import { noteHeader } from '../http/prepared-answer.js';
import { originForm } from '../http/request-target.js';
import type { JournalEntryFields } from './journal-entry.js';
import { describeNearMiss, type NearMissRecord } from './near-miss.js';

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
  /** The request's API key (the journal it goes in). */
  readonly key: string | undefined;
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
  /**
   * The body as read (`undefined` when none was read). Never kept: once recorded, only its text is, so that no
   * request's own buffer (up to 10 MB, and the read it came in) is held by the ring.
   */
  body: Buffer | undefined;
  /**
   * The body's text when the pass decoded it (validation did, for a JSON body); once recorded, the text the journal
   * keeps, cut to {@link JOURNAL_BODY_LIMIT} bytes of the body.
   */
  text: string | undefined;
  /** The answer's header lines (its note is read from them when the entry is read); `undefined` when none was sent. */
  readonly answerHeaders: readonly string[] | undefined;
  /** With rules for its operation and none answering: the nearest one and where the request differs. */
  readonly nearMiss: NearMissRecord | undefined;
}

/** A record as kept: its body's text only, cut to {@link JOURNAL_BODY_LIMIT} bytes. */
interface Kept extends JournalRecord {
  readonly bodyCut: boolean;
}

/** How many keys' journals are kept at once; a further key makes the one heard from longest ago make way. */
export const JOURNAL_KEYS = 100;

/**
 * The journal of one key (or of requests sent without one): its last `size` requests in parallel rings (the records as
 * the pipeline made them, their bodies swapped for the journal's copies; their order among every key's: no object per
 * request but the record itself), and how many made way.
 */
interface KeyJournal {
  readonly records: (JournalRecord | undefined)[];
  readonly cut: boolean[];
  readonly sequences: number[];
  next: number;
  dropped: number;
  /** The sequence of its latest request. */
  latest: number;
}

/**
 * The requests of each API key kept apart, each key's bounded on its own (as parallel test files share one mock with a
 * key each: one file's traffic never pushes another's out), for up to {@link JOURNAL_KEYS} keys.
 */
export class Journal {
  private readonly byKey = new Map<string | undefined, KeyJournal>();
  private sequence = 0;
  /** Entries of keys that made way for newer keys, since the last clear. */
  private evicted = 0;

  /** `apiKeys`: the forms the contract's key travels in, each shown by the key's hint, never whole. */
  constructor(
    readonly size: number,
    private readonly apiKeys: ApiKeyForms,
  ) {}

  /** Entries overwritten by newer ones (or never kept, with a size of 0) since the last clear, of every key. */
  get dropped(): number {
    let dropped = this.evicted;
    for (const journal of this.byKey.values()) dropped += journal.dropped;
    return dropped;
  }

  /** Entries of `key` (the full key) overwritten by its newer ones since its last clear; without a key, {@link dropped}. */
  droppedOf(key: string | undefined): number {
    return key === undefined ? this.dropped : (this.byKey.get(key)?.dropped ?? 0);
  }

  /** Keeps a request's record, the oldest of its key making way when that key's journal is full. */
  record(record: JournalRecord): void {
    const sequence = ++this.sequence;
    const journal = this.journalOf(record.key);
    journal.latest = sequence;
    if (this.size === 0) {
      journal.dropped++;
      return;
    }
    const slot = journal.next;
    if (journal.records[slot] !== undefined) journal.dropped++;
    const body = record.body;
    const bodyCut = body !== undefined && body.length > JOURNAL_BODY_LIMIT;
    // The text, never the request's buffer: that would hold the read it came in (one ArrayBuffer per request, which
    // slowed POSTs under load by GC), a copy costs an allocation per request, and the text is what an entry shows.
    // Usually validation decoded it already; a cut body is decoded apart, so a 10 MB text is not held by its first 64 KiB.
    if (bodyCut) record.text = body.subarray(0, JOURNAL_BODY_LIMIT).toString();
    else textOf(record);
    record.body = undefined;
    journal.records[slot] = record;
    journal.cut[slot] = bodyCut;
    journal.sequences[slot] = sequence;
    journal.next = (slot + 1) % this.size;
  }

  /** The kept entries, oldest first, redacted. */
  entries(filter: EntryFilter = {}): RecordedEntry[] {
    const journals = filter.key === undefined ? [...this.byKey.values()] : [this.byKey.get(filter.key)].filter((found) => found !== undefined);
    const kept: { kept: Kept; sequence: number }[] = [];
    for (const journal of journals) {
      for (let slot = 0; slot < journal.records.length; slot++) {
        const record = journal.records[slot];
        if (record === undefined) continue;
        if (filter.operationId !== undefined && record.operationId !== filter.operationId) continue;
        kept.push({ kept: { ...record, bodyCut: journal.cut[slot]! }, sequence: journal.sequences[slot]! });
      }
    }
    return kept.sort((a, b) => a.sequence - b.sequence).map((entry) => publicEntry(entry.kept, this.apiKeys));
  }

  /** Forgets every entry (and the dropped counts), or only those sent with `key` (and its count). */
  clear(key?: string): void {
    // Nothing of a cleared request is held.
    if (key !== undefined) {
      this.byKey.delete(key);
      return;
    }
    this.byKey.clear();
    this.evicted = 0;
  }

  private journalOf(key: string | undefined): KeyJournal {
    const found = this.byKey.get(key);
    if (found !== undefined) return found;
    if (this.byKey.size >= JOURNAL_KEYS) this.evictQuietest();
    const journal: KeyJournal = { records: [], cut: [], sequences: [], next: 0, dropped: 0, latest: 0 };
    this.byKey.set(key, journal);
    return journal;
  }

  /** The key heard from longest ago makes way: its entries count as dropped. */
  private evictQuietest(): void {
    let quietest: string | undefined;
    let latest = Number.POSITIVE_INFINITY;
    for (const [key, journal] of this.byKey) {
      if (journal.latest < latest) [quietest, latest] = [key, journal.latest];
    }
    const journal = this.byKey.get(quietest)!;
    this.evicted += journal.dropped + journal.records.filter((record) => record !== undefined).length;
    this.byKey.delete(quietest);
  }
}

function publicEntry(kept: Kept, apiKeys: ApiKeyForms): RecordedEntry {
  const key = kept.key;
  const hint = key === undefined ? null : keyHintOf(key);
  // A short key would be replaced inside every other word: it is only redacted where it is a credential.
  const redact = keyRedactor(key);
  // Names are data (`constructor`, `__proto__` too): gathered in Maps, made objects with fromEntries, never assigned.
  const headers = new Map<string, string | readonly string[]>();
  for (const [name, value] of Object.entries(kept.headers)) {
    if (value === undefined) continue;
    if (isCredentialHeader(name, apiKeys)) headers.set(name, apiKeys.headerNames.has(name) && value === key ? hint! : REDACTED);
    else headers.set(name, typeof value === 'string' ? redact(value) : value.map(redact));
  }
  const target = originForm(kept.target);
  const at = target.indexOf('?');
  const query = new Map<string, string | string[]>();
  if (at !== -1) {
    for (const [name, value] of new URLSearchParams(target.slice(at + 1))) {
      // A parameter the key travels in is a credential: shown by the key's hint, whatever its length.
      const shown = apiKeys.queryNames.has(name) ? (value === key ? hint! : REDACTED) : redact(value);
      const before = query.get(redact(name));
      query.set(redact(name), before === undefined ? shown : Array.isArray(before) ? [...before, shown] : [before, shown]);
    }
  }
  return {
    time: new Date(kept.time).toISOString(),
    method: kept.method,
    path: redact(at === -1 ? target : target.slice(0, at)),
    query: Object.fromEntries(query),
    operationId: kept.operationId,
    status: kept.status,
    headers: Object.fromEntries(headers),
    body: bodyOf(kept, redact),
    bodyTruncated: kept.bodyCut,
    rule: kept.rule,
    simulated: kept.simulated,
    note: noteOf(kept.answerHeaders),
    keyHint: hint,
    nearMiss: kept.nearMiss === undefined ? null : describeNearMiss(kept.nearMiss, redact),
  };
}

function noteOf(headers: readonly string[] | undefined): string | null {
  if (headers === undefined) return null;
  for (let index = 0; index < headers.length; index += 2) if (headers[index] === noteHeader) return headers[index + 1] ?? null;
  return null;
}

function bodyOf(kept: Kept, redact: (text: string) => string): unknown {
  if (kept.text === undefined || kept.text.length === 0) return null;
  const text = redact(kept.text);
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
