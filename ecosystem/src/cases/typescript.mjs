// TypeScript 5.9 consumers, one project per setting users have: `module`/`moduleResolution` node16 and nodenext,
// each from an ESM and a CommonJS package, and `bundler`. Each type-checks a strict consumer whose
// `@ts-expect-error` probes must all be errors, then runs what tsc emitted.
import { join } from 'node:path';
import { verdictOfSmoke } from '../case-runner.mjs';
import { createClientProject, smokeConfig, smokeSource, writeFiles } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { tools } from '../tools.mjs';
import { runTsc, TYPESCRIPT_SETTINGS } from '../tsc.mjs';

// node10 reads no exports map, whose types these cases check; all-packages-ts-node10-cjs checks it with every package.
const SETTINGS = TYPESCRIPT_SETTINGS.filter((setting) => setting.moduleResolution !== 'node10');

/** The strict consumer: typed calls, probes that must fail to compile, then the shared smoke program. */
/** @param {import('../consumer-project.mjs').SmokeConfig} config */
function consumer(config) {
  return `import * as sdk from '@thumbnail-api/client';
import { AuthenticationError, type CreateThumbnailResponse, type ListThumbnailsResponse, ThumbnailClient, type ThumbnailClientOptions } from '@thumbnail-api/client';
import { runSmoke } from './smoke-core.js';

// Compiled, never called: what the types must allow and refuse.
export async function typeProbes(client: ThumbnailClient): Promise<number> {
  const created: CreateThumbnailResponse = await client.thumbnails.create({ prompt: 'A red fox at dawn' });
  const listed: ListThumbnailsResponse = await client.thumbnails.list({ timeoutMs: 5000 });
  const options: ThumbnailClientOptions = { apiKey: 'k', baseUrl: 'http://127.0.0.1:4010', auth: 'bearer', maxRetries: 0 };
  const { data, error } = await client.raw.GET('/api/thumbnails');
  // @ts-expect-error the prompt is a string
  await client.thumbnails.create({ prompt: 42 });
  // @ts-expect-error the request body is required
  await client.thumbnails.create();
  // @ts-expect-error auth is 'x-api-key' or 'bearer'
  new ThumbnailClient({ auth: 'basic' });
  // @ts-expect-error an option that does not exist
  new ThumbnailClient({ apiKeyy: 'k' });
  // @ts-expect-error a path the contract does not have
  await client.raw.GET('/api/not-a-path');
  try {
    await client.thumbnails.list();
  } catch (caught: unknown) {
    if (caught instanceof AuthenticationError) return caught.status;
  }
  return [created, listed, options, data, error].length;
}

async function main(): Promise<void> {
  const report = await runSmoke(sdk, ${JSON.stringify(config)});
  console.log('SMOKE_RESULT ' + JSON.stringify(report));
}
void main();
`;
}

/** @param {import('../context.mjs').SuiteContext} context */
export function typescriptCases(context) {
  // One install for all settings; each setting is a package of its own (its own package.json "type") inside it.
  const install = context.once(() => createClientProject(context, 'typescript', { manifest: { devDependencies: { '@types/node': '22.20.5' } } }));
  return SETTINGS.map((setting) => ({
    name: `ts-${setting.name}`,
    run: async () => {
      const name = `ts-${setting.name}`;
      const dir = join(await install(), name);
      const tsconfig = {
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          target: 'es2022',
          lib: ['es2022'],
          types: ['node'],
          module: setting.module,
          moduleResolution: setting.moduleResolution,
          outDir: 'out',
          rootDir: '.',
        },
        files: ['consumer.ts'],
      };
      const smokeCore = setting.type === 'module' ? smokeSource.esm : smokeSource.cjs;
      writeFiles(dir, {
        'package.json': JSON.stringify({ name: `consumer-${name}`, private: true, type: setting.type }, null, 2),
        'tsconfig.json': JSON.stringify(tsconfig, null, 2),
        'consumer.ts': consumer(smokeConfig(context, 'node')),
        'smoke-core.js': smokeCore,
        'smoke-core.d.ts': smokeSource.types,
        // tsc emits no copy of the plain-JS smoke program: it sits beside the consumer, as in the sources.
        'out/smoke-core.js': smokeCore,
      });
      await runTsc(dir, 'tsconfig.json', 120_000);
      return verdictOfSmoke(await run(tools.node[22], ['out/consumer.js'], { cwd: dir, timeoutMs: 60_000 }));
    },
  }));
}
