// The one Fetch door, shared by MSW's handlers (createHandlers()) and the browser door: a Fetch Request in, a Fetch
// Response out, through the assembled mock's pipeline (and its control surface under `/__mock`, where it is served), as
// the node:http adapter does for node requests. Whatever fails while answering becomes the labelled 500.
import type { AssembledMock } from '../assembly/assemble-mock.js';
import { answerControl, isControlTarget } from '../control/control-server.js';
import type { FailureLog } from '../http/answer-failure.js';
import { FetchEngineRequest, outcomeFor } from './fetch-request.js';
import { answerSafely, perform, responseOf } from './fetch-response.js';

/** Answers `request`, whose path and query under the door's base URL are `target`. */
export type FetchDoor = (request: Request, target: string) => Promise<Response>;

/** The Fetch door of `mock`; `log` logs each failure once. */
export function fetchDoor(mock: AssembledMock, log: FailureLog): FetchDoor {
  return (request, target) =>
    answerSafely(request, log, async () => {
      const view = new FetchEngineRequest(request, target);
      if (mock.control !== undefined && isControlTarget(target)) {
        const control = { method: view.method, target, readBody: (limit: number) => view.bodyUpTo(limit) };
        return responseOf(await answerControl(mock.control, control), [], request.method);
      }
      return perform(await outcomeFor(mock.pipeline, view), request, mock.controls.pending);
    });
}
