// Worker runtimes: Cloudflare's workerd through `wrangler dev` (bundled by wrangler as for a deploy; Node.js
// >= 22.12, so on the npm `node@22`), and Vercel's edge-runtime with a bundle built the way Vercel builds edge
// functions (the `edge-light`, `worker` and `browser` export conditions).
import { join } from 'node:path';
import { lastLines, verdictOfReport, verdictOfSmoke } from '../case-runner.mjs';
import { createClientProject, smokeConfig, smokeSource } from '../consumer-project.mjs';
import { freePort } from '../local-servers.mjs';
import { cleanEnvironment, recordOutput, run, startProcess } from '../processes.mjs';
import { tools } from '../tools.mjs';

/** A module worker that answers any request with the smoke report. */
/** @param {import('../consumer-project.mjs').SmokeConfig} config */
function workerSource(config) {
  return [
    "import * as sdk from '@thumbnail-api/client';",
    "import { runSmoke } from './smoke-core.mjs';",
    '',
    'export default {',
    '  async fetch() {',
    `    return Response.json(await runSmoke(sdk, ${JSON.stringify(config)}));`,
    '  },',
    '};',
    '',
  ].join('\n');
}

/** @param {import('../context.mjs').SuiteContext} context */
export function workerCases(context) {
  return [
    {
      name: 'workerd-wrangler',
      timeoutMs: 300_000,
      run: async () => {
        const dir = await createClientProject(context, 'workerd', {
          manifest: { type: 'module' },
          files: {
            'src/smoke-core.mjs': smokeSource.esm,
            'src/worker.mjs': workerSource(smokeConfig(context, 'workerd')),
            // No nodejs_compat: the client must not need Node.js APIs in a worker.
            'wrangler.jsonc': JSON.stringify({ name: 'thumbnail-api-ecosystem', main: 'src/worker.mjs', compatibility_date: '2026-11-01' }, null, 2),
          },
        });
        const [port, inspectorPort] = [await freePort(), await freePort()];
        const env = cleanEnvironment({ WRANGLER_LOG_PATH: join(dir, 'logs'), XDG_CONFIG_HOME: join(dir, 'config'), CI: 'true' });
        const wrangler = join(tools.module('wrangler'), 'bin', 'wrangler.js');
        const args = [
          'dev',
          '--ip',
          '127.0.0.1',
          '--port',
          String(port),
          '--inspector-port',
          String(inspectorPort),
          '--show-interactive-dev-session=false',
          '--log-level=info',
        ];
        const server = await startProcess(tools.node[22], [wrangler, ...args], { cwd: dir, env, ready: /Ready on (http:\/\/\S+)/, timeoutMs: 120_000 });
        try {
          const response = await fetch(`http://127.0.0.1:${port}/`);
          const text = await response.text();
          recordOutput(text);
          if (!response.ok) throw new Error(`the worker answered ${response.status}: ${text.slice(0, 400)}`);
          return verdictOfReport(JSON.parse(text));
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`${reason} (wrangler: ${lastLines(server.output(), 3)})`);
        } finally {
          await server.stop();
        }
      },
    },
    {
      name: 'edge-runtime',
      run: async () => {
        const entry = [
          "import * as sdk from '@thumbnail-api/client';",
          "import { runSmoke } from './smoke-core.mjs';",
          `addEventListener('fetch', (event) => event.respondWith(runSmoke(sdk, ${JSON.stringify(smokeConfig(context, 'edge-light'))}).then((report) => Response.json(report))));`,
          '',
        ].join('\n');
        // Runs the bundle in Vercel's edge-runtime and prints the worker's answer as a smoke report.
        const host = [
          `import { EdgeRuntime } from ${JSON.stringify(join(tools.module('edge-runtime'), 'dist', 'index.js'))};`,
          "import { readFileSync } from 'node:fs';",
          "const runtime = new EdgeRuntime({ initialCode: readFileSync('out/edge.js', 'utf8') });",
          "const response = await runtime.dispatchFetch('http://localhost/');",
          "console.log('SMOKE_RESULT ' + (await response.text()));",
          '',
        ].join('\n');
        const dir = await createClientProject(context, 'edge-runtime', {
          manifest: { type: 'module' },
          files: { 'smoke-core.mjs': smokeSource.esm, 'edge.mjs': entry, 'host.mjs': host },
        });
        const bundle = await run(
          tools.bin('esbuild'),
          ['edge.mjs', '--bundle', '--format=iife', '--platform=browser', '--conditions=edge-light,worker', '--outfile=out/edge.js', '--log-level=error'],
          { cwd: dir, timeoutMs: 60_000 },
        );
        if (bundle.code !== 0) throw new Error(`esbuild: ${lastLines(bundle.stderr)}`);
        return verdictOfSmoke(await run(process.execPath, ['host.mjs'], { cwd: dir, timeoutMs: 60_000 }));
      },
    },
  ];
}
