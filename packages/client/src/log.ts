// The client's log: every line to the `logger` option's debug(), or, without one, the lines at or above the level
// THUMBNAIL_API_LOG names, to standard error. Lines never hold the key: the transport redacts them and masks key headers.
import type { ThumbnailClientLogger } from './options.js';
import { safeLogger } from './safe-logger.js';
import type { Redact } from './secret-redaction.js';

/** A level of the client's log: each attempt (debug), each success (info), each retry (warn), each failure (error). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Writes one line of the client's log at a level. */
export type Log = (level: LogLevel, line: string) => void;

const RANKS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** The levels THUMBNAIL_API_LOG takes. */
export const LOG_LEVELS = [...(Object.keys(RANKS) as LogLevel[]), 'off'] as const;

/** The log of a client, or `undefined` when it logs nothing. */
export function createLog(logger: ThumbnailClientLogger | undefined, level: LogLevel | undefined, redact: Redact): Log | undefined {
  if (logger) {
    const write = safeLogger(logger, redact);
    return (_, line) => write(line);
  }
  if (level === undefined) return undefined;
  const threshold = RANKS[level];
  return (at, line) => {
    if (RANKS[at] < threshold) return;
    try {
      globalThis.console.error(`thumbnail-api ${at}: ${line}`);
    } catch {
      // A console that throws (a closed stream) changes nothing about the call.
    }
  };
}
