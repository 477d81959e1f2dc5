// @thumbnail-api/mock/msw with each msw major a user may install (the mock's optional peer is `^2.12 || ^3`): a project
// installs the mock and the client by range from the local registry and msw by range from the registry it proxies, so
// each run proves the newest msw 2 and msw 3. The consumers (consumers/msw-consumer.*) run the real client against
// createHandlers() under setupServer, through `import` and `require()`, after tsc checked them against msw's own types.
// And msw 3 on Node.js 20 (npm installs it there with a warning): createHandlers() must refuse it clearly.
import { copyFileSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastLines } from '../case-runner.mjs';
import { createProject } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { tools } from '../tools.mjs';

const consumersDir = fileURLToPath(new URL('../../consumers/', import.meta.url));
const CONSUMERS = ['msw-consumer.mjs', 'msw-consumer.cjs'];
/** msw 3 declares engines node >= 22.12; msw 2 runs on Node.js 20, the oldest Node.js the mock supports. */
const CASES = /** @type {const} */ ([
  { name: 'msw-2-latest-node20', mswMajor: 2, node: 20 },
  { name: 'msw-3-node22', mswMajor: 3, node: 22 },
  { name: 'msw-3-node24', mswMajor: 3, node: 24 },
]);
/** msw 3's engines: Node.js >= 22.12. */
const MSW_3_MIN_NODE = { major: 22, minor: 12 };

/**
 * The line a consumer printed after `marker`, parsed.
 * @param {{ code: number | null, stdout: string, stderr: string, timedOut: boolean }} result
 * @param {string} marker
 */
function reportOf(result, marker) {
  const line = result.stdout.split('\n').find((text) => text.startsWith(`${marker} `));
  if (!line) throw new Error(`no ${marker} (${result.timedOut ? 'timed out' : `exit ${result.code}`}): ${lastLines(result.stderr || result.stdout)}`);
  return JSON.parse(line.slice(marker.length + 1));
}

/** @param {import('../context.mjs').SuiteContext} context */
export function mswCases(context) {
  /** One project per msw major, installed and type-checked once. */
  const projects = Object.fromEntries(
    [2, 3].map((major) => [
      major,
      context.once(async () => {
        const dir = join(context.work, `msw-${major}`);
        // msw's types (and its interceptors') name DOM types: msw asks TypeScript users for lib dom.
        const tsconfig = {
          compilerOptions: {
            strict: true,
            allowJs: true,
            checkJs: true,
            noEmit: true,
            target: 'es2022',
            lib: ['es2022', 'dom'],
            types: ['node'],
            skipLibCheck: false,
            module: 'nodenext',
            moduleResolution: 'nodenext',
          },
          files: CONSUMERS,
        };
        await createProject(dir, {
          registryUrl: context.registryUrl,
          manifest: {
            type: 'module',
            dependencies: { '@thumbnail-api/mock': `^${context.version}`, '@thumbnail-api/client': `^${context.version}`, msw: `^${major}` },
            devDependencies: { '@types/node': '22.20.5' },
          },
          files: {
            'msw-config.json': JSON.stringify({ keys: { ok: context.keys.ok, revoked: context.keys.revoked } }),
            'tsconfig.json': JSON.stringify(tsconfig, null, 2),
          },
        });
        for (const file of CONSUMERS) copyFileSync(join(consumersDir, file), join(dir, file));
        const problems = [];
        for (const name of ['@thumbnail-api/mock', '@thumbnail-api/client']) {
          const installed = join(dir, 'node_modules', ...name.split('/'));
          if (lstatSync(installed).isSymbolicLink()) problems.push(`${name} is a link`);
          const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
          if (version !== context.version) problems.push(`${name} is ${version}, not ${context.version}`);
        }
        const msw = JSON.parse(readFileSync(join(dir, 'node_modules', 'msw', 'package.json'), 'utf8')).version;
        if (Number.parseInt(msw, 10) !== major) problems.push(`msw@^${major} installed msw ${msw}`);
        if (problems.length > 0) throw new Error(problems.join('; '));
        const tsc = await run(process.execPath, [join(tools.module('typescript'), 'bin', 'tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], {
          cwd: dir,
          timeoutMs: 180_000,
        });
        const errors = (tsc.stdout + tsc.stderr).split('\n').filter((line) => line.includes('error TS'));
        if (tsc.code !== 0)
          throw new Error(
            `tsc against msw ${msw}'s types: ${errors[0] ?? lastLines(tsc.stdout + tsc.stderr)}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
          );
        return { dir, msw };
      }),
    ]),
  );

  const cases = CASES.map(({ name, mswMajor, node }) => ({
    name,
    needsSuiteMock: false,
    run: async () => {
      const nodeVersion = (await run(tools.node[node], ['--version'], { cwd: context.work, timeoutMs: 30_000 })).stdout.trim();
      const [nodeMajor = 0, nodeMinor = 0] = nodeVersion.slice(1).split('.').map(Number);
      if (mswMajor === 3 && (nodeMajor < MSW_3_MIN_NODE.major || (nodeMajor === MSW_3_MIN_NODE.major && nodeMinor < MSW_3_MIN_NODE.minor)))
        throw new Error(`the suite's Node.js ${nodeVersion} is older than msw 3's engines (>= 22.12): raise node${node} in tools/package.json`);
      const project = projects[mswMajor];
      if (!project) throw new Error(`no project for msw ${mswMajor}`);
      const { dir, msw } = await project();

      const esm = reportOf(await run(tools.node[node], ['msw-consumer.mjs'], { cwd: dir, timeoutMs: 120_000 }), 'MSW_RESULT');
      /** @type {Array<{ name: string, ok: boolean, detail: string }>} */
      const checks = esm.checks;
      const failed = checks.filter((check) => !check.ok);
      if (esm.mswVersion !== msw || esm.node !== nodeVersion)
        throw new Error(`the consumer ran msw ${esm.mswVersion} on ${esm.node}, not msw ${msw} on ${nodeVersion}`);
      if (checks.length !== 10) throw new Error(`${checks.length} checks reported, not 10`);
      if (failed.length > 0)
        throw new Error(
          `msw ${msw} on ${nodeVersion}, ${failed.length} of ${checks.length} checks failed: ${failed.map((check) => `${check.name}: ${check.detail}`).join(' | ')}`,
        );

      // The client copies a Request's headers by entries, so a client made before listen() is no longer caught by msw's Headers patch.
      for (const [when, raw] of [
        ['before', esm.rawBeforeListen],
        ['after', esm.rawAfterListen],
      ])
        if (raw.status !== 200 || raw.contentType === null)
          throw new Error(
            `client.raw of a client made ${when} listen() got ${raw.error ?? raw.status}, Content-Type ${raw.contentType === null ? 'lost' : 'sent'}`,
          );

      const cjs = reportOf(await run(tools.node[node], ['msw-consumer.cjs'], { cwd: dir, timeoutMs: 120_000 }), 'MSW_CJS_RESULT');
      const expectedCjs = { mswVersion: msw, mockBuild: 'cjs', listed: '{}', revoked: 'AuthenticationError 401', journalStatuses: [200, 401] };
      if (JSON.stringify(cjs) !== JSON.stringify(expectedCjs))
        throw new Error(`msw-consumer.cjs printed ${JSON.stringify(cjs)}, expected ${JSON.stringify(expectedCjs)}`);

      return `msw ${msw} on Node.js ${nodeVersion}: ${checks.length} checks through import, the CommonJS builds through require(), tsc against msw's types; ${rawNote(esm.rawBeforeListen, esm.rawAfterListen)}`;
    },
  }));
  // What npm gives a Node.js 20 user who installs msw (latest is 3, an engine warning only): a clear refusal, not
  // requests that all fail as broken connections.
  const refused = {
    name: 'msw-3-node20-refused',
    needsSuiteMock: false,
    run: async () => {
      const project = projects[3];
      if (!project) throw new Error('no project for msw 3');
      const { dir, msw } = await project();
      const program = `import('@thumbnail-api/mock/msw').then((m) => m.createHandlers({ baseUrl: 'https://api.thumbnails.test' })).then(
        () => console.log('MSW_REFUSAL ' + JSON.stringify(null)), (error) => console.log('MSW_REFUSAL ' + JSON.stringify(String(error.message))));`;
      const message = reportOf(await run(tools.node[20], ['--input-type=module', '-e', program], { cwd: dir, timeoutMs: 60_000 }), 'MSW_REFUSAL');
      if (typeof message !== 'string') throw new Error(`createHandlers() with msw ${msw} on Node.js 20 made handlers, whose every request fails there`);
      if (!message.includes('needs Node.js 22.12') || !message.includes('msw@^2')) throw new Error(`createHandlers() refused with: ${message}`);
      return `createHandlers() with msw ${msw} on Node.js 20 refused: ${message.slice(0, 80)}…`;
    },
  };
  return [...cases, refused];
}

/**
 * What client.raw of a client made before listen() sent, beside one made after (both must be 200 with Content-Type).
 * @param {{ status: number | null, contentType: string | null, error?: string }} before
 * @param {{ status: number | null, contentType: string | null, error?: string }} after
 */
function rawNote(before, after) {
  const seen = (/** @type {typeof before} */ raw) => `${raw.error ?? raw.status}, Content-Type ${raw.contentType === null ? 'lost' : 'sent'}`;
  return `client.raw made before listen(): ${seen(before)} (after: ${seen(after)})`;
}
