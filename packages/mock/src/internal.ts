// Not part of the published package (package.json's publishConfig leaves it out): the two halves of the mock started
// alone, for the differential campaign (packages/fuzz) and the benchmark (bench/), which compare them.
import { readContract } from './contract/read-contract.js';
import { type RunningMock, type RunningServer, type StartMockOptions, serveMock } from './doors/start-mock.js';
import { notCompiledAnswerer } from './pipeline/answerer.js';
import { startPrismServer } from './prism/prism-server.js';

/**
 * The compiled mock without Prism: what `startMock` answers itself, exactly; a request it would hand to Prism gets
 * a 501 mock error (`x-thumbnail-api-mock-error: not-compiled`) naming why.
 */
export function startCompiledMock(options: StartMockOptions = {}): Promise<RunningMock> {
  return serveMock(options, () => notCompiledAnswerer);
}

/** Prism 5.14 alone, in this process, as its CLI serves the same contract (`prism mock --errors` by default). */
export async function startPrismReference(
  options: { specPath?: string; host?: string; port?: number; errors?: boolean; cors?: boolean } = {},
): Promise<RunningServer> {
  const contract = await readContract(options.specPath);
  const host = options.host ?? '127.0.0.1';
  const server = await startPrismServer({
    mode: 'mock',
    specPath: contract.path,
    errors: options.errors ?? true,
    cors: options.cors ?? true,
    host,
    port: options.port ?? 0,
  });
  const url = new URL(server.url);
  return { url: server.url, host, port: Number(url.port), stop: () => server.close() };
}
