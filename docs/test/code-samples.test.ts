// Every operation must have each kind of sample, and every sample file must belong to an operation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { attachCodeSamples, readCodeSamples, SAMPLE_KINDS } from '../src/code-samples.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function samplesDir(files: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'docs-samples-'));
  for (const file of files) writeFileSync(join(dir, file), `// ${file}\n`);
  return dir;
}

describe('readCodeSamples', () => {
  test('reads one sample of each kind per operation, in the order of SAMPLE_KINDS', () => {
    const samples = readCodeSamples(samplesDir(['listThings.bearer.sh', 'listThings.ts', 'listThings.api-key.sh']), ['listThings']);
    expect(samples.get('listThings')?.map((sample) => sample.label)).toEqual(SAMPLE_KINDS.map((kind) => kind.label));
    expect(samples.get('listThings')?.[0]?.source).toBe('// listThings.ts\n');
  });

  test('names the missing sample file', () => {
    expect(() => readCodeSamples(samplesDir(['listThings.ts', 'listThings.api-key.sh']), ['listThings'])).toThrow(
      'docs/samples/listThings.bearer.sh is missing: every operation needs a curl (Bearer) sample. Add it.',
    );
  });

  test('names a sample file of no operation', () => {
    const files = ['listThings.ts', 'listThings.api-key.sh', 'listThings.bearer.sh', 'listThing.ts'];
    expect(() => readCodeSamples(samplesDir(files), ['listThings'])).toThrow(/docs\/samples\/listThing\.ts is not <operationId>.*operations: listThings/);
  });
});

test('attachCodeSamples sets x-codeSamples on the operation with that operationId', () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-samples-'));
  const contract = { openapi: '3.1.0', paths: { '/things': { get: { operationId: 'listThings' } } } };
  const sample = { lang: 'TypeScript', label: 'TypeScript', source: 'x\n' };
  attachCodeSamples(contract, new Map([['listThings', [sample]]]));
  expect(contract.paths['/things'].get).toEqual({ operationId: 'listThings', 'x-codeSamples': [sample] });
});
