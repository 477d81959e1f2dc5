export type { JournalEntry, RequestFilter } from './engine/journal.js';
export type { KeyOutcome, KeyRegistry } from './engine/key-registry.js';
export { type Fault, type MockRule, MockRuleError } from './engine/rule-check.js';
export type { MockKeyView, MockRuleHandle, MockTestDouble } from './mock-api.js';
export type { CheckedExchange, ContractFinding, ContractReport } from './proxy/contract-report.js';
export { type RunningMock, type RunningServer, type StartMockOptions, startMock } from './start-mock.js';
export { type RunningContractProxy, type StartContractProxyOptions, startContractProxy } from './start-proxy.js';
