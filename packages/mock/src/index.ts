export type { KeyOutcome, KeyRegistry } from './compiled/key-registry.js';
export type { CheckedExchange, ContractFinding, ContractReport } from './proxy/contract-report.js';
export { type RunningMock, type StartMockOptions, startMock } from './start-mock.js';
export { type RunningContractProxy, type StartContractProxyOptions, startContractProxy } from './start-proxy.js';
