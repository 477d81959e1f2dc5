// The mock on node:http: each request seen through a small view, each outcome turned into writes, a socket destroyed,
// or a request held. Held and delayed requests are registered with the test double's pending set, so that a reset,
// endPending() or stop() ends them.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { ControlContext } from '../control/control-routes.js';
import { answerControl, isControlTarget } from '../control/control-server.js';
import type { MockControls } from '../double/controls.js';
import { type FailureLog, failedAnswer, failureLog } from '../http/answer-failure.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import type { CorsPolicy } from '../pipeline/cors.js';
import type { EngineRequest } from '../pipeline/engine-request.js';
import type { Outcome } from '../pipeline/outcome.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { judgeControlRequest } from './control-guard.js';
import type { RequestHandler } from './front-server.js';
import { hasBodyFraming, readBody, readBodyUpTo } from './read-body.js';
import { sendAnswer } from './send-answer.js';

/** A node request as the pipeline reads it. */
class NodeRequest implements EngineRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly framed: boolean;
  /** Whether reading the body failed: the client broke off, and nobody is left to answer. */
  brokeOff = false;

  constructor(readonly req: IncomingMessage) {
    this.method = req.method ?? 'GET';
    this.target = req.url ?? '/';
    this.headers = req.headers;
    this.framed = hasBodyFraming(req.headers);
  }

  readBody(limit: number, done: (body: Buffer | undefined) => void, failed: (error: Error) => void): void {
    // From the stream's own events: the POST's answer is written with no promise in between.
    readBody(this.req, limit, done, (error) => {
      this.brokeOff = true;
      failed(error);
    });
  }
}

/**
 * The node:http handler of a mock; with `control`, `/__mock` is the control surface. Whatever fails while answering a
 * request becomes a labelled 500 for that request alone, logged once by `log`.
 */
export function createNodeHandler(
  mock: { pipeline: Pipeline; controls: MockControls; control: ControlContext | undefined; cors: CorsPolicy; close(): Promise<void> },
  log: FailureLog = failureLog(),
): RequestHandler {
  const { pipeline, controls } = mock;

  /** The labelled 500, when nothing was sent yet; else the connection ends (a client must not take half an answer for one). */
  const failed = (request: NodeRequest, res: ServerResponse, error: unknown): void => {
    if (request.brokeOff || res.destroyed) return void res.destroy();
    log(`${request.method} ${request.target.split('?')[0]}`, error);
    if (res.headersSent) return void res.destroy();
    sendAnswer(res, failedAnswer(error), []);
  };

  /** Sends `answer`, or the labelled 500 when node cannot write it. */
  const write = (request: NodeRequest, res: ServerResponse, answer: PreparedAnswer, cors: readonly string[]): void => {
    try {
      sendAnswer(res, answer, cors);
    } catch (error) {
      failed(request, res, error);
    }
  };

  const perform = (request: NodeRequest, res: ServerResponse, outcome: Outcome): void => {
    switch (outcome.kind) {
      case 'answer':
        sendAnswer(res, outcome.answer, outcome.cors);
        return;
      case 'truncated': {
        const { answer, cors } = outcome;
        res.writeHead(answer.status, (cors.length === 0 ? answer.headers : [...answer.headers, ...cors]) as string[]);
        // The announced Content-Length is never reached: the connection ends after part of the body.
        res.write(answer.body.subarray(0, outcome.sentBytes), () => res.destroy());
        return;
      }
      case 'reset':
        request.req.socket.resetAndDestroy();
        return;
      case 'hang': {
        const release = controls.pending.hold(outcome.key, () => res.destroy());
        res.once('close', release);
      }
    }
  };

  /** {@link perform}, with whatever it throws (e.g. a header node refuses) made the labelled 500. */
  const performSafely = (request: NodeRequest, res: ServerResponse, outcome: Outcome): void => {
    try {
      perform(request, res, outcome);
    } catch (error) {
      failed(request, res, error);
    }
  };

  const act = (request: NodeRequest, res: ServerResponse, outcome: Outcome): void => {
    if (outcome.kind === 'hang' || outcome.delayMs === 0) {
      performSafely(request, res, outcome);
      return;
    }
    const timer = setTimeout(() => {
      release();
      performSafely(request, res, outcome);
    }, outcome.delayMs);
    const release = controls.pending.hold(outcome.key, () => {
      clearTimeout(timer);
      res.destroy();
    });
  };

  return {
    handle(req, res) {
      const request = new NodeRequest(req);
      if (mock.control !== undefined && isControlTarget(request.target)) {
        const path = request.target.split('?', 1)[0]!;
        const verdict = judgeControlRequest(mock.cors, { method: request.method, headers: request.headers, path, framed: request.framed });
        if (verdict.answer !== undefined) return write(request, res, verdict.answer, []);
        const readControlBody = (limit: number) =>
          readBodyUpTo(req, limit).catch((error: unknown) => {
            request.brokeOff = true;
            throw error;
          });
        answerControl(mock.control, { method: request.method, target: request.target, readBody: readControlBody }).then(
          (answer) => write(request, res, answer, verdict.cors),
          (error: unknown) => failed(request, res, error),
        );
        return;
      }
      pipeline.handle(request, {
        done: (outcome) => act(request, res, outcome),
        // The client broke off while its body was read (nobody is left to answer), or answering threw.
        failed: (error) => failed(request, res, error),
      });
    },
    close: () => mock.close(),
  };
}
