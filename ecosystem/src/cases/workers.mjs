// Worker runtimes: Cloudflare's workerd through `wrangler dev` (bundled by wrangler as for a deploy; Node.js
// >= 22.12, so on the npm `node@22`), and Vercel's edge-runtime with a bundle built the way Vercel builds edge
// functions (the `edge-light`, `worker` and `browser` export conditions). Each runs the smoke program against the
// suite's mock, and the runtime probe (smoke/runtime-probe.mjs) against a probe server: workerd itself with an older
// compatibility date (no process) and a recent one (nodejs_compat on by default since 2026-08-04: an emulated
// process.versions.node, and process.env filled from the bindings), and edge-runtime with no process at all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastLines, verdictOfReport, verdictOfSmoke } from '../case-runner.mjs';
import { createClientProject, smokeConfig, smokeSource, writeFiles } from '../consumer-project.mjs';
import { freePort } from '../local-servers.mjs';
import { cleanEnvironment, recordOutput, run, startProcess } from '../processes.mjs';
import { edgeProbeEntry, keysSentByGets, ProbeExpectations, probeSource, runProbeAgainstServer, workerProbeEntry } from '../runtime-probe-checks.mjs';
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

/**
 * A workerd configuration running `worker.js` with text bindings. The "internet" service is a Worker's outbound
 * network: loopback ("local") is refused unless allowed.
 * @param {string} compatibilityDate
 * @param {Record<string, string>} bindings
 */
function workerdConfig(compatibilityDate, bindings) {
  const textBindings = Object.entries(bindings).map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`);
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.js")],
  compatibilityDate = "${compatibilityDate}",
  bindings = [${textBindings.join(', ')}],
);
`;
}

/** @param {import('../context.mjs').SuiteContext} context */
export function workerCases(context) {
  const workerdProject = context.once(() => createClientProject(context, 'workerd', { manifest: { type: 'module' } }));
  const edgeProject = context.once(() => createClientProject(context, 'edge-runtime', { manifest: { type: 'module' } }));
  const probeKey = 'sk-workerd-sentinel-c93f1';
  const bindingKey = 'sk-workerd-binding-sentinel-47aa0';
  /** @param {{ compatibilityDate: string, nodeCompatible: boolean }} setting */
  const workerdProbeCase = ({ compatibilityDate, nodeCompatible }) => ({
    name: `workerd-probe-${compatibilityDate}`,
    needsSuiteMock: false,
    run: async () => {
      // A folder inside the project: esbuild finds the installed client in the project's node_modules.
      const dir = join(await workerdProject(), `probe-${compatibilityDate}`);
      const probe = await runProbeAgainstServer(async (server) => {
        writeFiles(dir, {
          'runtime-probe.mjs': probeSource,
          'main.mjs': workerProbeEntry({ apiKey: probeKey, baseUrl: server.url }),
          'config.capnp': workerdConfig(compatibilityDate, { THUMBNAIL_API_KEY: bindingKey, THUMBNAIL_API_BASE_URL: server.url }),
        });
        const bundleArgs = ['--format=esm', '--platform=neutral', '--main-fields=module,main', '--conditions=workerd,worker,browser'];
        const bundle = await run(tools.bin('esbuild'), ['main.mjs', '--bundle', ...bundleArgs, '--outfile=worker.js', '--log-level=error'], {
          cwd: dir,
          timeoutMs: 60_000,
        });
        if (bundle.code !== 0) throw new Error(`esbuild: ${lastLines(bundle.stderr)}`);
        // `workerd test` runs the Worker's test handler once and exits.
        return run(join(tools.module('workerd'), 'bin', 'workerd'), ['test', 'config.capnp'], { cwd: dir, timeoutMs: 60_000 });
      });
      const { report, finished } = probe;
      const expect = new ProbeExpectations();
      expect.equal('looks like Node.js', report.looksLikeNode, nodeCompatible);
      expect.runtimeNamed(probe, context.clientVersion, 'workerd');
      // A client built from the env bindings.
      expect.equal('a client made from the bindings', report.fromSettings, { ok: true });
      expect.equal('keys sent by the GETs', keysSentByGets(probe), [probeKey, bindingKey]);
      expect.onePostWithItsBody(probe);
      // With nodejs_compat, workerd fills process.env from the bindings, and the client finds the key there.
      expect.equal(
        'a client made without a key',
        report.missingKey,
        nodeCompatible
          ? { ok: true }
          : {
              ok: false,
              name: 'ConfigurationError',
              message:
                'No API key: in a Cloudflare Worker, pass it from the env binding: new ThumbnailClient({ apiKey: env.THUMBNAIL_API_KEY }) ' +
                '(a secret: wrangler secret put THUMBNAIL_API_KEY; locally, a line in .dev.vars). Keys are made in the service dashboard.',
              typed: true,
              keyShown: false,
            },
      );
      expect.equal('exit code', finished.code, 0);
      expect.lacks('the output', finished.stdout + finished.stderr, [probeKey, bindingKey]);
      return expect.verdict(`in workerd, compatibility date ${compatibilityDate}`);
    },
  });

  return [
    {
      name: 'workerd-wrangler',
      timeoutMs: 300_000,
      run: async () => {
        const dir = await workerdProject();
        writeFiles(dir, {
          'src/smoke-core.mjs': smokeSource.esm,
          'src/worker.mjs': workerSource(smokeConfig(context, 'workerd')),
          // No nodejs_compat: the client must not need Node.js APIs in a worker.
          'wrangler.jsonc': JSON.stringify({ name: 'thumbnail-api-ecosystem', main: 'src/worker.mjs', compatibility_date: '2026-11-01' }, null, 2),
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
    workerdProbeCase({ compatibilityDate: '2025-09-01', nodeCompatible: false }),
    workerdProbeCase({ compatibilityDate: '2026-11-01', nodeCompatible: true }),
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
        const dir = await edgeProject();
        writeFiles(dir, { 'smoke-core.mjs': smokeSource.esm, 'edge.mjs': entry, 'host.mjs': host });
        const bundle = await run(
          tools.bin('esbuild'),
          ['edge.mjs', '--bundle', '--format=iife', '--platform=browser', '--conditions=edge-light,worker', '--outfile=out/edge.js', '--log-level=error'],
          { cwd: dir, timeoutMs: 60_000 },
        );
        if (bundle.code !== 0) throw new Error(`esbuild: ${lastLines(bundle.stderr)}`);
        return verdictOfSmoke(await run(process.execPath, ['host.mjs'], { cwd: dir, timeoutMs: 60_000 }));
      },
    },
    {
      // The client bundled as an edge function is, with no process and no process.env, run by edge-runtime's CLI.
      name: 'edge-runtime-probe',
      needsSuiteMock: false,
      run: async () => {
        const apiKey = 'sk-edge-sentinel-8e27a';
        const dir = await edgeProject();
        const probe = await runProbeAgainstServer(async (server) => {
          writeFiles(dir, { 'runtime-probe.mjs': probeSource, 'probe.mjs': edgeProbeEntry({ apiKey, baseUrl: server.url }) });
          const bundleArgs = ['--format=iife', '--platform=browser', '--conditions=edge-light,worker,browser', '--minify'];
          const bundle = await run(tools.bin('esbuild'), ['probe.mjs', '--bundle', ...bundleArgs, '--outfile=out/probe.js', '--log-level=error'], {
            cwd: dir,
            timeoutMs: 60_000,
          });
          if (bundle.code !== 0) throw new Error(`esbuild: ${lastLines(bundle.stderr)}`);
          const script = readFileSync(join(dir, 'out', 'probe.js'), 'utf8');
          // --eval prints the completion value of the script: the report, once its promise settles.
          const cli = join(tools.module('edge-runtime'), 'dist', 'cli', 'index.js');
          return run(process.execPath, [cli, '--eval', `${script};globalThis.probeReport`], {
            cwd: dir,
            env: cleanEnvironment({ NO_COLOR: '1' }),
            timeoutMs: 60_000,
          });
        });
        const { report } = probe;
        const expect = new ProbeExpectations();
        expect.equal('looks like Node.js', report.looksLikeNode, false);
        expect.runtimeNamed(probe, context.clientVersion, 'edge-light');
        // The missing key or base URL is asked for as the option, without pointing at an environment it does not have.
        expect.equal('a client made without a key', report.missingKey, {
          ok: false,
          name: 'ConfigurationError',
          message:
            'No API key: pass the apiKey option; this runtime (edge-light) has no process.env to read THUMBNAIL_API_KEY from. Keys are made in the service dashboard.',
          typed: true,
          keyShown: false,
        });
        expect.match(
          'a client made without a base URL',
          report.missingBaseUrl.message,
          /^No base URL \(no default host is documented by the service\): pass the baseUrl option; this runtime \(edge-light\) has no process\.env/,
        );
        expect.onePostWithItsBody(probe);
        expect.quietEnd(probe, apiKey);
        return expect.verdict('in edge-runtime');
      },
    },
  ];
}
