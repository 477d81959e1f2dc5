export { type ConnectedKeyView, type ConnectedMock, connectMock, MockControlError, type RemoteRuleHandle } from './connect-mock.js';
export type { JournalEntry, RequestFilter } from './double/journal.js';
export { type Fault, type MockRule, MockRuleError } from './double/rule-check.js';
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
