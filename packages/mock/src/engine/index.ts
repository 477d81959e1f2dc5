// The mock's engine, for adapters (node:http in src/http/, MSW handlers in src/msw/). Not part of the public API.
//
// How an adapter uses it:
//   const { engine, controls } = await createMockEngine({ keys, corsOrigin, journalSize, rules });
//   per request: build an EngineRequest { method, target (path + query as sent), headers (lower-case object, as
//   node's IncomingHttpHeaders), framed (does it frame a body?), readBody(limit) (reads once, undefined past limit) };
//   if isControlTarget(target) and the control surface is on: answerControl(controls, request) → PreparedAnswer;
//   else engine.handle(request) → Outcome, or a Promise of one when the body had to be read:
//     answer    → send answer.status, answer.headers (name, value, ... pairs) + cors, answer.body, after delayMs;
//     truncated → as answer, but only sentBytes of the body, then break the connection (the length says more);
//     reset     → a network error, after delayMs;  hang → never answer (end it when the transport stops);
//     prism     → Prism's answer for the operation, then settle(status, body): createPrismAnswerer() in
//                 src/prism/prism-fallback.ts gives it as a PreparedAnswer (it runs Prism in this process; Node only).
//   The engine has journaled the request already; a rule's delay is in delayMs, its header lines in the answer.
export { answerControl, CONTROL_PREFIX, isControlTarget } from './control-api.js';
export { MockControls } from './controls.js';
export { createMockEngine, type MockEngine, type MockEngineOptions } from './create-mock-engine.js';
export type { Engine, EngineRequest, Outcome } from './engine.js';
export type { JournalEntry, RequestFilter } from './journal.js';
export { mockError, mockErrorHeader } from './mock-error.js';
export type { PreparedAnswer } from './prepared-answer.js';
export { BODY_LIMIT } from './request-body.js';
export { FAULTS, type Fault, type MockRule, MockRuleError, simulatedHeader } from './rule-check.js';
