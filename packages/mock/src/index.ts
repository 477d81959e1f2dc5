export { type ConnectedKeyView, type ConnectedMock, connectMock, MockControlError, type RemoteRuleHandle } from './connect-mock.js';
export type { JournalEntry, JournalEntryFields, OperationEntry, RequestFilter, UnknownOperationEntry } from './double/journal-entry.js';
export type { BodyMatcher, Fault, MockRule, OperationRule, RouteRule, RuleAnswer, RuleInForce } from './double/mock-rule.js';
export type { AnyOperations, ContractOperations, OperationId, RequestBodyOf, ThumbnailApiOperations } from './double/operation-types.js';
export { MockRuleError } from './double/rule-check.js';
export type {
  Awaitable,
  MockKeyView,
  MockRuleHandle,
  MockTestDouble,
  RuleHandle,
  TestDouble,
  TestDoubleKeyView,
} from './double/test-double.js';
export type { MockOptions } from './options.js';
export type { KeyOutcome, KeyRegistry } from './pipeline/key-registry.js';
export type { CheckedExchange, ContractReport } from './proxy/contract-report.js';
export type { ContractFinding } from './proxy/proxied-exchange.js';
export { type RunningMock, type RunningServer, type StartMockOptions, startMock } from './start-mock.js';
export { type RunningContractProxy, type StartContractProxyOptions, startContractProxy } from './start-proxy.js';
