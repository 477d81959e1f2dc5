// The reference's code samples are written from the contract, every kind for every operation; an operation the
// generators cannot write for fails the build, naming what to add. (runnable-code.test.ts runs what they write.)
import { loadContract } from '@thumbnail-api/spec';
import { createContractModel } from '@thumbnail-api/spec/model';
import { describe, expect, test } from 'vitest';
import { attachCodeSamples, generateCodeSamples, SAMPLE_KINDS } from '../src/code-samples.mjs';
import { jsLiteral, pyLiteral, shellDoubleQuoted, shellSingleQuoted } from '../src/samples/literals.mjs';

const contract = loadContract();

describe('generateCodeSamples', () => {
  test('writes one sample of each kind for every operation, in the order of SAMPLE_KINDS', () => {
    const samples = generateCodeSamples(contract);
    expect([...samples.keys()]).toEqual(contract.operations.map((operation) => operation.operationId));
    for (const forOperation of samples.values()) expect(forOperation.map((sample) => sample.label)).toEqual(SAMPLE_KINDS.map((kind) => kind.label));
  });

  test("sends the contract's request example, as JSON, in every language", () => {
    const create = generateCodeSamples(contract).get('createThumbnail') ?? [];
    const prompt = 'A chef holding a flaming pan in a bright kitchen, bold yellow title text';
    for (const { label, source } of create) expect(source, label).toContain(prompt);
  });

  test('names what to add for an operation with no client method', () => {
    const document = structuredClone(contract.document) as { paths: Record<string, Record<string, { operationId: string }>> };
    const post = document.paths['/api/thumbnails']?.post;
    if (post) post.operationId = 'makeThumbnail';
    expect(() => generateCodeSamples(createContractModel(document))).toThrow(/names no client method for makeThumbnail: add it to CLIENT_CALLS/);
  });
});

test('attachCodeSamples sets x-codeSamples on the operation with that operationId, as Redoc reads them', () => {
  const document = { openapi: '3.1.0', paths: { '/things': { get: { operationId: 'listThings' } } } };
  const sample = { kind: 'client', lang: 'TypeScript', label: 'TypeScript', source: 'x\n' };
  attachCodeSamples(document, new Map([['listThings', [sample]]]));
  expect(document.paths['/things'].get).toEqual({ operationId: 'listThings', 'x-codeSamples': [{ lang: 'TypeScript', label: 'TypeScript', source: 'x\n' }] });
});

describe('values written as code', () => {
  const tricky = 'it\'s "quoted" $HOME `cmd` \\ \n end';
  test.each([
    ['a shell word in double quotes', shellDoubleQuoted(tricky)],
    ['a shell word in single quotes', shellSingleQuoted(tricky)],
  ])('%s expands nothing', async (_, word) => {
    const { runProcess } = await import('@thumbnail-api/dev-tools/run-process');
    const result = await runProcess('sh', ['-c', `printf '%s' ${word}`], { env: { PATH: process.env.PATH ?? '', HOME: '/nowhere' }, timeoutMs: 10_000 });
    expect(result.stdout).toBe(tricky);
  });

  test('a JavaScript literal reads back as the value', () => {
    const value = { prompt: tricky, 'a-b': [1, true, null, { nested: 'x' }] };
    expect(new Function(`return ${jsLiteral(value)};`)()).toEqual(value);
  });

  test('a Python literal of JSON', () => {
    expect(pyLiteral({ a: [true, false, null, 1.5], b: 'x"y' })).toBe('{"a": [True, False, None, 1.5], "b": "x\\"y"}');
  });
});
