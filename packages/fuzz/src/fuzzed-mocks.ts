// The two mocks every campaign sends its requests to: one without a key registry (any key passes) and one with the
// keys of REGISTRY, each on its own port.
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { REGISTRY } from './request-arbitraries.js';

export interface FuzzedMocks {
  /** Started without keys: any non-empty key passes. */
  plain: RunningMock;
  /** Started with REGISTRY's keys: each answers as its outcome says. */
  registry: RunningMock;
  stop(): Promise<void>;
}

/** Starts both mocks at once. */
export async function startFuzzedMocks(): Promise<FuzzedMocks> {
  const [plain, registry] = await Promise.all([startMock({ port: 0 }), startMock({ port: 0, keys: { ...REGISTRY } })]);
  return {
    plain,
    registry,
    stop: async () => {
      await Promise.all([plain.stop(), registry.stop()]);
    },
  };
}
