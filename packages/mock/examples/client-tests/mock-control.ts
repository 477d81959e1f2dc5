// The mock's control surface over HTTP, scoped to one API key: what a test file running beside others needs. Any
// language can do the same with its HTTP client (see the mock's README for each path).
import type { JournalEntry, MockRule } from '@thumbnail-api/mock';

export function mockControl(mockUrl: string, key: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${mockUrl}/__mock/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} /__mock/${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  const scope = `key=${encodeURIComponent(key)}`;
  return {
    /** Adds a rule that matches only this key. */
    rule: (rule: MockRule) => call('POST', 'rules', { ...rule, key }),
    /** This key's requests, oldest first. */
    requests: async (): Promise<JournalEntry[]> => ((await call('GET', `requests?${scope}`)) as { requests: JournalEntry[] }).requests,
    /** Removes this key's rules and requests. */
    reset: () => call('POST', `reset?${scope}`),
  };
}
