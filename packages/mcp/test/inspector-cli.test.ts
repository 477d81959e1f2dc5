// The MCP Inspector's CLI, a client other than our own, drives the built command against a mock in this process: it
// lists the tools as we list them, reads, and, having no elicitation, gets the refusal and sends nothing. In
// `test:slow`: it installs the Inspector (pinned in test/inspector-tools/) on first use and starts programs.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePinnedTools, type InstalledToolSet } from '@thumbnail-api/dev-tools/pinned-tools';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

const bin = fileURLToPath(new URL('../bin/thumbnail-api-mcp.js', import.meta.url));
const SENTINEL = 'sk_live_inspector_sentinel_never_shown_QXZW';
let mock: RunningMock;
let inspector: InstalledToolSet;
beforeAll(async () => {
  inspector = await ensurePinnedTools({
    manifestDir: fileURLToPath(new URL('./inspector-tools/', import.meta.url)),
    installDir: fileURLToPath(new URL('../.tools/inspector/', import.meta.url)),
    bins: ['mcp-inspector-cli'],
  });
  mock = await startMock({ port: 0 });
});
afterEach(() => mock.forKey(SENTINEL).reset());
afterAll(() => mock?.stop());

/** One Inspector run: it starts the command, calls one method, prints the result as JSON and exits. */
async function inspect(method: string[], ...flags: string[]) {
  const result = await runProcess(
    inspector.bin('mcp-inspector-cli'),
    ['--cli', '-e', `THUMBNAIL_API_KEY=${SENTINEL}`, process.execPath, bin, '--mock-url', mock.url, ...flags, '--method', ...method],
    // 1.0.3 looks for its own package.json at ../package.json from the working folder first: run it where that holds.
    { cwd: join(inspector.installDir, 'node_modules'), timeoutMs: 120_000 },
  );
  expect(result.output).not.toContain(SENTINEL);
  const json = result.stdout.slice(result.stdout.indexOf('{'));
  expect(result.code, result.output).toBe(0);
  return JSON.parse(json) as Record<string, unknown>;
}
const posts = () => mock.forKey(SENTINEL).requests({ operationId: 'createThumbnail' });

describe('the MCP Inspector’s CLI', () => {
  test('lists the tools with every annotation', async () => {
    const { tools } = (await inspect(['tools/list'])) as { tools: { name: string; annotations: unknown }[] };
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['create_thumbnail', { title: 'Generate a thumbnail', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
      ['list_thumbnails', { title: 'List thumbnails', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
    ]);
  });

  test('calls list_thumbnails', async () => {
    expect(await inspect(['tools/call', '--tool-name', 'list_thumbnails'])).toMatchObject({ structuredContent: {} });
  });

  test('cannot ask the user (no elicitation), so create_thumbnail sends nothing and says how to allow it', async () => {
    const result = await inspect(['tools/call', '--tool-name', 'create_thumbnail', '--tool-arg', 'prompt=A red fox at dawn']);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('this MCP client cannot ask for it (it does not support elicitation)');
    expect(await posts()).toEqual([]);
  });

  test('an argument claiming confirmation is refused by name, even with unconfirmed creates allowed', async () => {
    const result = await inspect(
      ['tools/call', '--tool-name', 'create_thumbnail', '--tool-arg', 'prompt=a cat', 'confirm=true'],
      '--allow-unconfirmed-creates',
    );
    expect(JSON.stringify(result)).toContain('`confirm` is not an argument of it');
    expect(await posts()).toEqual([]);
  });

  test('with unconfirmed creates allowed at start, one call sends exactly one POST', async () => {
    const result = await inspect(['tools/call', '--tool-name', 'create_thumbnail', '--tool-arg', 'prompt=A red fox at dawn'], '--allow-unconfirmed-creates');
    expect(result.isError).toBeUndefined();
    expect(await posts()).toMatchObject([{ body: { prompt: 'A red fox at dawn' } }]);
  });
});
