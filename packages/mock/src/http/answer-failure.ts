// What the client gets when answering one request fails in a way no check caught (a header node refuses to write, a
// step that throws): the mock's own labelled 500 for that request alone, no stack trace, and one line in the log.
import { mockError } from './mock-error.js';
import type { PreparedAnswer } from './prepared-answer.js';

/** Logs a failure once per distinct message: a failure that repeats on every request is one line, not a flood. */
export type FailureLog = (request: string, error: unknown) => void;

/** The labelled 500 for a request whose answer failed. */
export function failedAnswer(error: unknown): PreparedAnswer {
  return mockError(
    'answer-failed',
    500,
    'the mock could not answer this request',
    `${messageOf(error)}. Only this request failed; the mock keeps answering. Please report it with the request that caused it.`,
  );
}

/** A {@link FailureLog} writing to `write` (by default stderr, as console.error). */
export function failureLog(write: (line: string) => void = (line) => console.error(line)): FailureLog {
  const seen = new Set<string>();
  return (request, error) => {
    const message = messageOf(error);
    if (seen.has(message)) return;
    // Bounded: a stream of distinct messages must not grow the set forever.
    if (seen.size < 100) seen.add(message);
    write(`thumbnail-api-mock: could not answer ${request} (${message}); answered 500 instead. Later failures with this message are not logged.`);
  };
}

/** An error's message on one line, short, without its stack. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'an unknown error';
}
