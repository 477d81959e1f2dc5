// What the pipeline decides for a request, for its adapter to act on: an answer to send, a body cut short, a reset
// connection, or a request held.
import type { PreparedAnswer } from '../http/prepared-answer.js';

/**
 * What the adapter does with a request. The journal has its record already. `key` is the request's API key, as the
 * pipeline read it: a request held (a hang, a delay) is held under it, so that a reset of that key ends it.
 */
export type Outcome =
  /** Send `answer` with the `cors` lines appended, after `delayMs`. */
  | { readonly kind: 'answer'; readonly answer: PreparedAnswer; readonly cors: readonly string[]; readonly delayMs: number; readonly key: string | undefined }
  /** Send `answer`'s status and headers (its Content-Length announces the whole body), then `sentBytes` of its body, then drop the connection. */
  | {
      readonly kind: 'truncated';
      readonly answer: PreparedAnswer;
      readonly cors: readonly string[];
      readonly delayMs: number;
      readonly key: string | undefined;
      readonly sentBytes: number;
    }
  /** Destroy the connection (a TCP reset where the transport can), after `delayMs`. */
  | { readonly kind: 'reset'; readonly delayMs: number; readonly key: string | undefined }
  /** Never answer: hold the request until the client gives up, the test ends it, or the mock stops. */
  | { readonly kind: 'hang'; readonly key: string | undefined };
