// The mock on node:http: each request seen through a small view, each outcome turned into writes, a socket destroyed,
// or a request held. Held and delayed requests are registered with the test double's pending set, so that a reset,
// endPending() or stop() ends them.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, isControlTarget } from '../double/control-routes.js';
import type { MockControls } from '../double/controls.js';
import { apiKeyOf } from '../http/credentials.js';
import type { EngineRequest, Outcome } from '../pipeline/exchange.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import type { RequestHandler } from './front-server.js';
import { hasBodyFraming, readBody, readBodyUpTo } from './read-body.js';
import { sendAnswer } from './send-answer.js';

/** A node request as the pipeline reads it. */
class NodeRequest implements EngineRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly framed: boolean;

  constructor(readonly req: IncomingMessage) {
    this.method = req.method ?? 'GET';
    this.target = req.url ?? '/';
    this.headers = req.headers;
    this.framed = hasBodyFraming(req.headers);
  }

  readBody(limit: number, done: (body: Buffer | undefined) => void, failed: (error: Error) => void): void {
    // From the stream's own events: the POST's answer is written with no promise in between.
    readBody(this.req, limit, done, failed);
  }
}

/** The node:http handler of a mock; with `controls`, `/__mock` is the control surface. */
export function createNodeHandler(mock: { pipeline: Pipeline; controls: MockControls; control: boolean; close(): Promise<void> }): RequestHandler {
  const { pipeline, controls } = mock;

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
        const release = controls.pending.hold(apiKeyOf(request.headers), () => res.destroy());
        res.once('close', release);
      }
    }
  };

  const act = (request: NodeRequest, res: ServerResponse, outcome: Outcome): void => {
    if (outcome.kind === 'hang' || outcome.delayMs === 0) {
      perform(request, res, outcome);
      return;
    }
    const timer = setTimeout(() => {
      release();
      perform(request, res, outcome);
    }, outcome.delayMs);
    const release = controls.pending.hold(apiKeyOf(request.headers), () => {
      clearTimeout(timer);
      res.destroy();
    });
  };

  return {
    handle(req, res) {
      const request = new NodeRequest(req);
      if (mock.control && isControlTarget(request.target) && req.method !== 'OPTIONS') {
        const view = { method: request.method, target: request.target, readBody: (limit: number) => readBodyUpTo(req, limit) };
        answerControl(controls, view).then(
          (answer) => sendAnswer(res, answer, []),
          () => res.destroy(),
        );
        return;
      }
      pipeline.handle(request, {
        done: (outcome) => act(request, res, outcome),
        // The client broke off while its body was read (nobody is left to answer), or answering threw.
        failed: () => res.destroy(),
      });
    },
    close: () => mock.close(),
  };
}
