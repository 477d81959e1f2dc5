// The two mocks every campaign sends its requests to: one without a key registry (any key passes) and one with the
// keys of REGISTRY, each on its own port.
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { describeAnswer } from './differential-verdict.js';
import { sendToMock } from './mock-request.js';
import { REGISTRY } from './request-arbitraries.js';

export interface FuzzedMocks {
  /** Started without keys: any non-empty key passes. */
  plain: RunningMock;
  /** Started with REGISTRY's keys: each answers as its outcome says. */
  registry: RunningMock;
  stop(): Promise<void>;
}

/** Starts both mocks at once, each warmed by one answer Prism makes. */
export async function startFuzzedMocks(): Promise<FuzzedMocks> {
  const [plain, registry] = await Promise.all([startMock({ port: 0 }), startMock({ port: 0, keys: { ...REGISTRY } })]);
  try {
    await Promise.all([plain, registry].map((mock) => warm(mock.url)));
  } catch (error) {
    await Promise.all([plain.stop(), registry.stop()]);
    throw error;
  }
  return {
    plain,
    registry,
    stop: async () => {
      await Promise.all([plain.stop(), registry.stop()]);
    },
  };
}

/**
 * Asks the mock for an answer Prism makes (`Prefer: dynamic=true`): it loads Prism into its process on the first one,
 * about 1 s, past 30 s under a load average of 20, which blocks the suite's own process (the mock runs in it) and would
 * otherwise fall inside the first case and its time limits.
 */
async function warm(url: string): Promise<void> {
  const headers = [
    ['x-api-key', 'fuzz-key-ok'],
    ['prefer', 'dynamic=true'],
  ] as const;
  const answer = await sendToMock(url, { kind: 'http', method: 'GET', target: '/api/thumbnails', headers, body: { kind: 'none' } }, 120_000);
  if (answer.kind !== 'response' || answer.status !== 200)
    throw new Error(`The mock at ${url} did not answer Prefer: dynamic=true with 200: ${describeAnswer(answer)}`);
}
