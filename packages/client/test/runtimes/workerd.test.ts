// Cloudflare Workers, in workerd itself (the runtime wrangler and Miniflare run): the client bundled as a Worker, with
// an older compatibility date (no process) and a recent one (nodejs_compat on by default since 2026-08-04: a process
// with an emulated process.versions.node, and process.env filled from the bindings). `workerd test` runs the Worker's
// test handler once and exits.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectOnePostWithItsBody, expectRuntimeNamed, keysSentByGets } from './support/probe-expectations.js';
import { bundle, run, runtimeBinary, useProbeRuns, workerMain } from './support/runtime-harness.js';

const runProbe = useProbeRuns();
const apiKey = 'sk-workerd-sentinel-c93f1';
const bindingKey = 'sk-workerd-binding-sentinel-47aa0';
const workerd = runtimeBinary('workerd');

// The "internet" service is a Worker's outbound network: loopback ("local") is refused unless allowed.
function workerdConfig(compatibilityDate: string, bindings: Record<string, string>): string {
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

describe.each([
  { compatibilityDate: '2025-09-01', nodeCompatible: false },
  { compatibilityDate: '2026-11-01', nodeCompatible: true },
])('workerd with compatibility date $compatibilityDate', ({ compatibilityDate, nodeCompatible }) => {
  test('names workerd in User-Agent and the runtime headers, and builds a client from the env bindings', async () => {
    const probe = await runProbe({
      apiKey,
      main: workerMain,
      launch: async (folder, server) => {
        const worker = await bundle(folder, {
          format: 'esm',
          platform: 'neutral',
          mainFields: ['module', 'main'],
          conditions: ['workerd', 'worker', 'browser'],
        });
        writeFileSync(join(folder, 'worker.js'), worker);
        writeFileSync(join(folder, 'config.capnp'), workerdConfig(compatibilityDate, { THUMBNAIL_API_KEY: bindingKey, THUMBNAIL_API_BASE_URL: server.url }));
        return run(workerd, ['test', 'config.capnp'], { cwd: folder });
      },
    });
    const { report, finished } = probe;

    expect(report.looksLikeNode).toBe(nodeCompatible);
    expectRuntimeNamed(probe, 'workerd');
    expect(report.fromSettings).toEqual({ ok: true });
    expect(keysSentByGets(probe)).toEqual([apiKey, bindingKey]);
    // A POST answered 421 reaches the server once, with its body.
    expectOnePostWithItsBody(probe);
    // With nodejs_compat, workerd fills process.env from the bindings, and the client finds the key there.
    expect(report.missingKey).toEqual(
      nodeCompatible
        ? { ok: true }
        : {
            ok: false,
            name: 'ConfigurationError',
            typed: true,
            keyShown: false,
            message:
              'No API key: in a Cloudflare Worker, pass it from the env binding: new ThumbnailClient({ apiKey: env.THUMBNAIL_API_KEY }) ' +
              '(a secret: wrangler secret put THUMBNAIL_API_KEY; locally, a line in .dev.vars). Keys are made in the service dashboard.',
          },
    );
    expect(finished.code).toBe(0);
    expect(finished.stdout + finished.stderr).not.toContain(apiKey);
    expect(finished.stdout + finished.stderr).not.toContain(bindingKey);
  });
});
