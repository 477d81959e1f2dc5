export { startMock, type RunningMock, type StartMockOptions } from './start-mock.js';
