// Issue 46's "done when": the packed packages (spec, types, client, mock, mcp, packed with pnpm as a release packs them)
// installed with npm in a new project outside the workspace, and the installed command driven over stdio by the SDK's
// own Client: tools, a read, a confirmed and a declined create seen in the mock's journal, the key in no message.
// In `test:slow`: it packs and installs (npm's cache, or the registry) and starts programs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installPackedProject, type PackedProject } from '@thumbnail-api/dev-tools/packed-project';
import { portClosed } from '@thumbnail-api/dev-tools/port-closed';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { confirm, decline, textOf } from './helpers/in-process.js';
import { openStdioSession, processEnded } from './helpers/stdio-session.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const SENTINEL = 'sk_test_packed_sentinel_never_shown_WXQZ';
const PACKAGES = ['@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/client', '@thumbnail-api/mock', '@thumbnail-api/mcp'];

let project: PackedProject;
beforeAll(() => {
  project = installPackedProject({
    folders: ['spec', 'packages/types', 'packages/client', 'packages/mock', 'packages/mcp'],
    // A user writing an MCP client of their own installs the SDK; the test drives the command with it.
    fromRegistry: [`@modelcontextprotocol/sdk@${manifest.dependencies['@modelcontextprotocol/sdk']}`],
    prefix: 'thumbnail-api-mcp-installed-',
  });
}, 600_000);
afterAll(() => project?.remove());

test('the project has the five packages, from the tarballs, and the command', () => {
  for (const name of PACKAGES) expect(existsSync(join(project.dir, 'node_modules', name, 'package.json')), name).toBe(true);
  expect(existsSync(join(project.dir, 'node_modules', '.bin', 'thumbnail-api-mcp'))).toBe(true);
});

test('the installed command, driven over stdio: a read, a confirmed create sent once, a declined one not sent, the key never shown', async () => {
  const answers = [confirm!, decline!];
  const session = await openStdioSession({
    command: join(project.dir, 'node_modules', '.bin', 'thumbnail-api-mcp'),
    args: ['--mock', '--test-double-tools'],
    cwd: project.dir,
    env: { ...(project.env as Record<string, string>), THUMBNAIL_API_KEY: SENTINEL },
    answer: (request) => answers.shift()!(request),
  });
  const mockUrl = /for the mock at (http:\/\/127\.0\.0\.1:\d+)/.exec(session.stderr())?.[1];
  try {
    const { client } = session;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'create_thumbnail',
      'list_thumbnails',
      'mock_add_rule',
      'mock_requests',
      'mock_near_misses',
      'mock_coverage',
      'mock_reset',
    ]);
    expect((await client.callTool({ name: 'list_thumbnails', arguments: {} })).structuredContent).toEqual({});
    expect(textOf(await client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'A red fox at dawn' } }))).toContain('Billed calls left: 2 of 3.');
    expect(textOf(await client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'A grey wolf' } }))).toContain('Nothing was sent: the user declined');
    const journal = await client.callTool({ name: 'mock_requests', arguments: { operationId: 'createThumbnail' } });
    expect((journal.structuredContent as { requests: unknown[] }).requests).toMatchObject([{ method: 'POST', body: { prompt: 'A red fox at dawn' } }]);
    expect(JSON.stringify(session.messages) + session.stderr()).not.toContain(SENTINEL);
  } finally {
    await session.close();
  }
  expect(await processEnded(session.pid)).toBe(true);
  expect(mockUrl).toBeDefined();
  expect(await portClosed(`${mockUrl}/api/thumbnails`)).toBe('ECONNREFUSED');
});

test.each([
  ['import', ['--input-type=module', '-e', "import { createThumbnailMcpServer } from '@thumbnail-api/mcp'; console.log(typeof createThumbnailMcpServer);"]],
  ['require()', ['-e', "console.log(typeof require('@thumbnail-api/mcp').createThumbnailMcpServer);"]],
])('the package’s API loads with %s', async (_, args) => {
  const result = await runProcess(process.execPath, args, { cwd: project.dir, env: project.env, timeoutMs: 60_000 });
  expect(result.output.trim()).toBe('function');
});
