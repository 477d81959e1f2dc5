// The debug logger is the caller's code: whatever it does (throws, or returns a promise that rejects or never
// settles), the call goes on as if it had not been asked to log. Its first failure is reported once, as a process
// warning where there is one, without the key.
import type { ThumbnailClientLogger } from './options.js';
import type { Redact } from './secret-redaction.js';

/** A function that hands a line to the logger and can neither throw nor leave a rejected promise behind. */
export function safeLogger(logger: ThumbnailClientLogger, redact: Redact): (line: string) => void {
  let reported = false;
  const report = (failure: unknown) => {
    if (reported) return;
    reported = true;
    const message = `thumbnail-api: the logger's debug() failed (${redact(describe(failure))}); calls go on unchanged, and its later failures are not reported.`;
    warn(message, 'THUMBNAIL_API_LOGGER_FAILED');
  };
  return (line) => {
    try {
      const result: unknown = logger.debug(`thumbnail-api: ${line}`);
      // Never awaited: a promise that does not settle holds nothing up, one that rejects is caught here.
      if (typeof (result as PromiseLike<unknown> | null)?.then === 'function') (result as PromiseLike<unknown>).then(undefined, report);
    } catch (failure) {
      report(failure);
    }
  };
}

function describe(failure: unknown): string {
  try {
    return failure instanceof Error ? `${failure.name}: ${failure.message}`.slice(0, 300) : `it threw ${typeof failure}`;
  } catch {
    return 'a failure that cannot be shown';
  }
}

/** Says something once, as a process warning with a code where there is a process, else through `console.warn`. */
export function warn(message: string, code: string): void {
  try {
    const runtime = globalThis as { process?: { emitWarning?: (message: string, options: object) => void } };
    if (typeof runtime.process?.emitWarning === 'function') runtime.process.emitWarning(message, { code });
    else globalThis.console?.warn?.(message);
  } catch {
    // Nowhere left to say it.
  }
}
