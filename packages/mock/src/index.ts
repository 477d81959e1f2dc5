export type { CheckedExchange, ContractFinding, ContractReport } from './contract-report.js';
export type { KeyOutcome, KeyRegistry } from './key-registry.js';
export { type RunningMock, type StartMockOptions, startMock } from './start-mock.js';
export { type RunningContractProxy, type StartContractProxyOptions, startContractProxy } from './start-proxy.js';
