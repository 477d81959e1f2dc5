import { mockHeader } from '@thumbnail-api/spec/profile';
// An answer made once and sent as is: status, header lines and the body's bytes, whatever transport sends it.
/** A complete answer. `headers` are name, value, name, value… as `writeHead` takes them; CORS lines are added per request. */
export interface PreparedAnswer {
  readonly status: number;
  readonly headers: readonly string[];
  readonly body: Buffer;
}

/**
 * An answer with `body` sent as `contentType` (none for an empty body without a type), plus `extra` header lines.
 * Every answer varies by Origin (its CORS lines do), so it says `Vary: Origin` unless `extra` says more.
 */
export function prepareAnswer(status: number, contentType: string | undefined, body: Buffer, extra: readonly string[] = []): PreparedAnswer {
  const headers = contentType === undefined ? [] : ['content-type', contentType];
  headers.push('content-length', String(body.length), ...extra);
  if (!extra.some((line, index) => index % 2 === 0 && line.toLowerCase() === 'vary')) headers.push('vary', 'Origin');
  return { status, headers, body };
}

/** The same answer with more header lines (e.g. a note on why the mock chose it). */
export function withHeaders(answer: PreparedAnswer, extra: readonly string[]): PreparedAnswer {
  return { status: answer.status, headers: [...answer.headers, ...extra], body: answer.body };
}

/** Header lines that say why the mock chose an answer; the text is made header-safe and short. */
export const noteHeader = mockHeader('note');

export function noteLines(note: string): string[] {
  // A key's hint (`…f00d`) stays readable as `...f00d`; any other character a header cannot carry becomes a space.
  return [
    noteHeader,
    note
      .replaceAll('…', '...')
      .replace(/[^\x20-\x7e]+/g, ' ')
      .slice(0, 300),
  ];
}

/** The same answer with `note` said first, before the note it already carries (if any), in one header. */
export function withNoteFirst(answer: PreparedAnswer, note: string): PreparedAnswer {
  const at = answer.headers.findIndex((line, index) => index % 2 === 0 && line === noteHeader);
  if (at === -1) return withHeaders(answer, noteLines(note));
  const headers = [...answer.headers];
  headers[at + 1] = noteLines(`${note}. ${headers[at + 1]}`)[1]!;
  return { status: answer.status, headers, body: answer.body };
}
