export { MockControlError } from './control/control-client.js';
export { type ConnectedMock, connectMock } from './doors/connect-mock.js';
export type * from './doors/public-types.js';
export { type RunningMock, type RunningServer, type StartMockOptions, startMock } from './doors/start-mock.js';
export { type RunningContractProxy, type StartContractProxyOptions, startContractProxy } from './doors/start-proxy.js';
export { MockKeyRequiredError } from './double/key-scope.js';
export { MockRuleError } from './double/rule-check.js';
export type { CheckedExchange, ContractReport } from './proxy/contract-report.js';
export type { ContractFinding } from './proxy/proxied-exchange.js';
