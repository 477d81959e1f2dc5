// The markers and the not-documented list are generated from the contract's extensions: these tests
// pin down where each one lands, on the real contract.
import { readFileSync } from 'node:fs';
import { createContractModel, openapiJsonPath } from '@thumbnail-api/spec';
import { describe, expect, test } from 'vitest';
import { MARKER_TITLE, markGaps, renderGapList } from '../src/undocumented.mjs';
import { collectGaps } from '../src/undocumented-model.mjs';

type Json = Record<string, any>;
// A fresh parse, not the shared bundle, so that the test can see whether markGaps changes it.
const contract: Json = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const gaps = collectGaps(createContractModel(contract));
const marked: Json = markGaps(contract, { listHref: 'not-documented.html' });
const post = marked.paths['/api/thumbnails'].post;
const get = marked.paths['/api/thumbnails'].get;

describe('collectGaps', () => {
  test('finds every item of every x-not-shown and x-assumptions in the contract', () => {
    // Every list under either key anywhere in the document; an x-assumptions entry is an object whose sentence is `text`.
    const inContract: string[] = [];
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-not-shown') inContract.push(...(value as string[]));
        else if (key === 'x-assumptions') inContract.push(...(value as { text: string }[]).map((entry) => entry.text));
        else visit(value);
      }
    };
    visit(contract);
    const collected = gaps.flatMap((gap) => [...gap.notShown, ...gap.assumptions]);
    expect(collected.sort()).toEqual(inContract.sort());
  });

  test.each([
    ['#/info', 'The API as a whole', ['']],
    ['#/tags/1', 'Tag Persons', ['persons']],
    ['#/paths/~1api~1thumbnails/post', 'POST /api/thumbnails (Generate a thumbnail)', ['thumbnails/createthumbnail']],
    ['#/components/schemas/ErrorBody', 'Schema ErrorBody', ['thumbnails/createthumbnail', 'thumbnails/listthumbnails']],
    ['#/components/schemas/CreateThumbnailRequest', 'Schema CreateThumbnailRequest', ['thumbnails/createthumbnail']],
  ])('describes %s as "%s", shown at %j', (pointer, location, routes) => {
    const gap = gaps.find((candidate) => candidate.pointer === pointer);
    expect(gap?.location).toBe(location);
    expect(gap?.shownAt.map((place) => place.route)).toEqual(routes);
  });

  test('rejects an extension that is not a list of strings, naming where and how to fix it', () => {
    const broken = structuredClone(contract);
    broken.paths['/api/thumbnails'].get['x-not-shown'] = 'Query parameters.';
    expect(() => collectGaps(createContractModel(broken))).toThrow(
      /#\/paths\/~1api~1thumbnails\/get\/x-not-shown must be a list of non-empty strings.*Fix the extension in spec\//,
    );
  });
});

describe('markGaps', () => {
  test('leaves the contract itself untouched', () => {
    expect(contract).toEqual(JSON.parse(readFileSync(openapiJsonPath, 'utf8')));
  });

  test.each([
    ['the overview', () => marked.info.description, 'Rate limits, quotas, size limits and time-outs.'],
    ['the Persons tag', () => marked.tags[1].description, 'Paths, methods and payloads of the Persons API.'],
    ['createThumbnail', () => post.description, 'Request body fields other than <code>prompt</code>.'],
    ['listThumbnails', () => get.description, 'Query parameters (filtering, pagination, sorting).'],
    ['the request body, from its schema', () => post.requestBody.description, '<code>prompt</code> is required'],
    ['the 401 response, from the error schema', () => marked.components.responses.Unauthorized.description, 'Whether error bodies carry fields'],
    [
      'the other-errors response, own and from the schema',
      () => marked.components.responses.UnexpectedError.description,
      'Other errors carry the documented error body',
    ],
  ])('puts a marker on %s', (_place, description: () => string, item) => {
    expect(description()).toContain(`<div class="not-documented" role="note"><p class="not-documented-title">${MARKER_TITLE}</p>`);
    expect(description()).toContain(item);
    expect(description()).toContain('<a href="not-documented.html">');
  });

  test('keeps each marker on one line, so Markdown keeps it one HTML block', () => {
    const marker = /<div class="not-documented"[^\n]*<\/div>/.exec(post.description)?.[0];
    expect(marker).toBeDefined();
    expect(post.description.endsWith(`${marker}\n`)).toBe(true);
  });

  test('labels assumptions as assumptions, apart from what is not documented by the service', () => {
    expect(post.description).toMatch(
      /The service does not document:.*This contract assumes \(an assumption, not a documented fact\):.*The success status is 200/,
    );
  });
});

describe('renderGapList', () => {
  test('lists every place with its pointer and links into the reference', () => {
    const html = renderGapList(gaps, { referenceHref: 'index.html' });
    expect(html.match(/<li class="gap"/g)).toHaveLength(gaps.length);
    expect(html).toContain('<code>#/paths/~1api~1thumbnails/post</code>');
    expect(html).toContain('<a href="index.html#/thumbnails/createthumbnail">POST /api/thumbnails (Generate a thumbnail)</a>');
  });
});
