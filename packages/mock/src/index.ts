export { type ConnectedKeyView, type ConnectedMock, connectMock, type RemoteRuleHandle } from './connect-mock.js';
export { MockControlError } from './control/control-client.js';
export { MockKeyRequiredError } from './double/key-scope.js';
export { MockRuleError } from './double/rule-check.js';
export type { CheckedExchange, ContractReport } from './proxy/contract-report.js';
export type { ContractFinding } from './proxy/proxied-exchange.js';
export type * from './public-types.js';
export { type RunningMock, type RunningServer, type StartMockOptions, startMock } from './start-mock.js';
export { type RunningContractProxy, type StartContractProxyOptions, startContractProxy } from './start-proxy.js';
