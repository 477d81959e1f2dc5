// The real Prism CLI (this package's pinned 5.14.2) on a small fixture contract: it answers the documented example,
// stop() ends it and frees its port, and a contract it cannot read fails the start with Prism's own words.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { portClosed } from '../src/port-closed.js';
import { startPrismCli } from '../src/prism-cli.js';

const cliPath = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
const specPath = fileURLToPath(new URL('fixtures/greeting-contract.json', import.meta.url));

describe('startPrismCli', () => {
  test('resolves once Prism answers the contract, and stop() ends it and frees the port', async () => {
    const prism = await startPrismCli({ cliPath, specPath });
    try {
      const response = await fetch(`${prism.url}/greeting`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ text: 'hello from the fixture' });
      expect(prism.alive()).toBe(true);
    } finally {
      await prism.stop();
    }
    expect(prism.alive()).toBe(false);
    expect(await portClosed(prism.url, 5_000)).toBe('ECONNREFUSED');
  }, 90_000);

  test('rejects with what Prism printed when it cannot read the contract, leaving nothing running', async () => {
    const missing = fileURLToPath(new URL('fixtures/no-such-contract.json', import.meta.url));
    await expect(startPrismCli({ cliPath, specPath: missing })).rejects.toThrow(/The Prism CLI exited before it answered:\n.*no-such-contract\.json/s);
  }, 90_000);
});
