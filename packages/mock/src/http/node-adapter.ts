// The engine on node:http: each request seen through a small view, each outcome turned into writes, a socket
// destroyed, a request held, or a forward to Prism. Everything it holds (delays, hung requests) ends on close().
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { CompiledOperation } from '../engine/compile-operation.js';
import { answerControl, isControlTarget } from '../engine/control-api.js';
import type { MockControls } from '../engine/controls.js';
import type { AwaitingBody, Engine, EngineRequest, Outcome } from '../engine/engine.js';
import { hasBodyFraming, readBody, readBodyUpTo } from './read-body.js';
import { sendAnswer } from './send-answer.js';

/** A node request as the engine reads it; its body is read once, whoever asks first. */
export class NodeRequest implements EngineRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly framed: boolean;
  private reading: Promise<Buffer | undefined> | undefined;
  /** The body once read through {@link readBodyThen} (`undefined` past the limit), for a later `readBody`. */
  private read: { body: Buffer | undefined } | undefined;

  constructor(readonly req: IncomingMessage) {
    this.method = req.method ?? 'GET';
    this.target = req.url ?? '/';
    this.headers = req.headers;
    this.framed = hasBodyFraming(req.headers);
  }

  readBody(limit: number): Promise<Buffer | undefined> {
    this.reading ??= this.read === undefined ? readBodyUpTo(this.req, limit) : Promise.resolve(this.read.body);
    return this.reading;
  }

  /** Reads the body (the first read: nothing has asked for it yet) and calls `done` from the stream's own events. */
  readBodyThen(limit: number, done: (body: Buffer | undefined) => void, fail: (error: Error) => void): void {
    readBody(
      this.req,
      limit,
      (body) => {
        this.read = { body };
        done(body);
      },
      fail,
    );
  }
}

/** Where requests go that the engine leaves to Prism (or, in the compiled-only mode, to an error). */
export interface Fallback {
  /** Answers `request` (its body read through `readBody`) for `operation`, then calls `settle` with what it sent. */
  forward(
    request: NodeRequest,
    res: ServerResponse,
    operation: CompiledOperation,
    cors: readonly string[],
    settle: (status: number, body: Buffer | undefined) => void,
  ): void;
  close(): Promise<void>;
}

export interface NodeHandler {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

/** The node:http handler of an engine; with `controls`, `/__mock` is the control surface. */
export function createNodeHandler(options: { engine: Engine; fallback: Fallback; controls: MockControls | undefined }): NodeHandler {
  const { engine, fallback, controls } = options;
  const delays = new Map<NodeJS.Timeout, ServerResponse>();
  const held = new Set<ServerResponse>();

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
      case 'hang':
        held.add(res);
        res.once('close', () => held.delete(res));
        return;
      case 'prism':
        fallback.forward(request, res, outcome.operation, outcome.cors, outcome.settle);
    }
  };

  const act = (request: NodeRequest, res: ServerResponse, outcome: Outcome): void => {
    if (outcome.kind === 'hang' || outcome.delayMs === 0) {
      perform(request, res, outcome);
      return;
    }
    const timer = setTimeout(() => {
      delays.delete(timer);
      perform(request, res, outcome);
    }, outcome.delayMs);
    delays.set(timer, res);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const request = new NodeRequest(req);
    if (controls !== undefined && isControlTarget(request.target) && req.method !== 'OPTIONS') {
      answerControl(controls, request).then(
        (answer) => sendAnswer(res, answer, []),
        () => res.destroy(),
      );
      return;
    }
    const decided = engine.decide(request);
    if (decided instanceof Promise) settle(request, res, decided);
    else if (decided.kind === 'awaiting-body') resumeWithBody(request, res, decided);
    else act(request, res, decided);
  };

  const settle = (request: NodeRequest, res: ServerResponse, outcome: Promise<Outcome>): void => {
    outcome.then(
      (settled) => act(request, res, settled),
      () => res.destroy(),
    );
  };

  // The answer is written from the body's `end` event, with no promise in between (once the validator is loaded).
  const resumeWithBody = (request: NodeRequest, res: ServerResponse, awaiting: AwaitingBody): void => {
    request.readBodyThen(
      awaiting.limit,
      (body) => {
        let outcome: Outcome | Promise<Outcome>;
        try {
          outcome = awaiting.resume(body);
        } catch {
          // As a rejected outcome: the connection is dropped, the process goes on.
          res.destroy();
          return;
        }
        if (outcome instanceof Promise) settle(request, res, outcome);
        else act(request, res, outcome);
      },
      () => res.destroy(),
    );
  };

  return {
    handle,
    async close() {
      for (const [timer, res] of delays) {
        clearTimeout(timer);
        res.destroy();
      }
      delays.clear();
      for (const res of held) res.destroy();
      held.clear();
      await fallback.close();
    },
  };
}
