// What answers a request the compiled contract does not cover (an operation compiled for Prism, `Prefer: dynamic=true`):
// Prism in this process (src/prism/prism-answerer.ts), or, where Prism does not run (MSW, the compiled-only mock),
// the mock's own `not-compiled` 501. The pipeline awaits it like any other step.
import type { CompiledOperation } from '../contract/compile-operation.js';
import { mockError } from '../http/mock-error.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import type { EngineRequest } from './engine-request.js';

export interface Answerer {
  /** The answer to `request` for `operation`, its body already read (`undefined` without one); never rejects. */
  answer(request: EngineRequest, body: Buffer | undefined, operation: CompiledOperation): Promise<PreparedAnswer>;
  /** Stops whatever it started; resolves once nothing of it is left. */
  close(): Promise<void>;
}

/** The answerer where Prism does not run: a 501 mock error naming why Prism would have answered. */
export const notCompiledAnswerer: Answerer = {
  answer: async (_request, _body, operation) =>
    mockError(
      'not-compiled',
      501,
      `Prism answers this request to ${operation.name}`,
      operation.prismReason ?? 'the request prefers a generated body (Prefer: dynamic=true)',
    ),
  close: async () => undefined,
};

/**
 * An answerer loaded by the first request that needs it (Prism's modules take about a second to load: not in every
 * start-up's path). Once closed it answers nothing more; one still loading at `close()` is closed when it arrives.
 */
export function lazyAnswerer(load: () => Promise<Answerer>): Answerer {
  let loading: Promise<Answerer> | undefined;
  let loaded: Answerer | undefined;
  let closed = false;
  return {
    async answer(request, body, operation) {
      loading ??= load().then((answerer) => {
        if (closed) void answerer.close();
        else loaded = answerer;
        return answerer;
      });
      let answerer: Answerer;
      try {
        answerer = await loading;
      } catch (error) {
        // The next request tries again.
        loading = undefined;
        return mockError('prism-unavailable', 503, 'Prism, which answers this request, is not available', (error as Error).message);
      }
      if (closed) return mockError('prism-unavailable', 503, 'the mock is stopping', 'The mock was stopped while this request waited for Prism.');
      return answerer.answer(request, body, operation);
    },
    async close() {
      closed = true;
      await loaded?.close();
    },
  };
}
