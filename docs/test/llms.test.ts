// The docs for machines: llms.txt at the site root in the shape the llms.txt proposal gives it, each
// of its links served by a plain static host, a Markdown version of every page, and a Markdown
// reference generated from the contract (every operation, response, mark and code sample in it) and
// one from the mock's control document (every route, said to be the test double's).
import { readdirSync, readFileSync } from 'node:fs';
import { loadContract, openapiJsonPath } from '@thumbnail-api/spec';
import { createContractModel } from '@thumbnail-api/spec/model';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateCodeSamples } from '../src/code-samples.mjs';
import { listGuides } from '../src/guides.mjs';
import { CONTROL_REFERENCE, controlDocumentPath, REFERENCE_PAGES, readControlDocument } from '../src/reference-pages.mjs';
import { NOT_SHOWN_KEY } from '../src/undocumented-model.mjs';
import { type Site, serveSite } from './browser.js';

type Operation = { operationId: string; summary: string; responses: Record<string, unknown>; [key: string]: unknown };
const contractBytes = readFileSync(openapiJsonPath);
const model = loadContract();
const contract = model.document as unknown as {
  info: { title: string; summary: string };
  servers: { url: string; variables: Record<string, { default: string }> }[];
};
const operations: (Operation & { path: string; method: string })[] = model.operations.map(({ object, path, method }) => ({
  ...(object as Operation),
  path,
  method,
}));
const guides = listGuides(new URL('../guides', import.meta.url).pathname);
const samples = generateCodeSamples(model);

let site: Site;
let llms: string;

beforeAll(async () => {
  site = await serveSite();
  const response = await fetch(`${site.url}/llms.txt`);
  expect(response.status).toBe(200);
  llms = await response.text();
});

afterAll(async () => {
  await site?.close();
});

/** The `[title](href)` links of a Markdown text, outside code blocks. */
function linksOf(markdown: string): string[] {
  return [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map(([, href = '']) => href);
}

describe('llms.txt', () => {
  test('has the layout of the llms.txt proposal: an H1 title, a blockquote summary, then H2 sections of link lists', () => {
    const lines = llms.split('\n');
    expect(lines[0]).toBe(`# ${contract.info.title}`);
    expect(lines[2]?.startsWith(`> ${contract.info.summary}`)).toBe(true);
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
    const sections = [...llms.matchAll(/^## (.+)$/gm)].map(([, name]) => name);
    expect(sections).toEqual(['Docs', 'OpenAPI', 'Optional']);
    for (const section of llms.split(/^## .+$/m).slice(1)) {
      const items = section.trim().split('\n');
      expect(
        items.every((item) => /^- \[[^\]]+\]\([^)]+\)(: .+)?$/.test(item)),
        section,
      ).toBe(true);
    }
  });

  test("links the Markdown version of both references and of every guide, the bundled contract and the mock's control document", () => {
    const links = linksOf(llms);
    expect(links).toContain('index.html.md');
    expect(links).toContain(`${CONTROL_REFERENCE.href}.md`);
    for (const guide of guides) expect(links).toContain(`${guide.slug}.html.md`);
    expect(links).toContain('openapi.json');
    expect(links).toContain(CONTROL_REFERENCE.documentFile);
  });

  test('every link resolves on a plain static host, with the right content type', async () => {
    const types: Record<string, string> = { '.md': 'text/markdown', '.json': 'application/json', '.yaml': 'application/yaml' };
    for (const href of linksOf(llms)) {
      const response = await fetch(new URL(href, `${site.url}/llms.txt`));
      expect(response.status, href).toBe(200);
      const type = Object.entries(types).find(([suffix]) => href.endsWith(suffix))?.[1];
      if (type) expect(response.headers.get('content-type'), href).toContain(type);
    }
  });

  test('its openapi.json is the bundled contract, byte for byte', async () => {
    const served = Buffer.from(await (await fetch(`${site.url}/openapi.json`)).arrayBuffer());
    expect(served.equals(contractBytes)).toBe(true);
  });

  test(`its ${CONTROL_REFERENCE.documentFile} is the mock's control-openapi.json, byte for byte`, async () => {
    const served = Buffer.from(await (await fetch(`${site.url}/${CONTROL_REFERENCE.documentFile}`)).arrayBuffer());
    expect(served.equals(readFileSync(controlDocumentPath))).toBe(true);
  });
});

describe('the Markdown versions', () => {
  test('every HTML page has one next to it, and each of its links resolves', async () => {
    const pages = readdirSync(new URL('../dist/', import.meta.url)).filter((file) => file.endsWith('.html'));
    expect(pages.sort()).toEqual([...REFERENCE_PAGES, ...guides.map((guide) => `${guide.slug}.html`)].sort());
    for (const page of pages) {
      const response = await fetch(`${site.url}/${page}.md`);
      expect(response.status, `${page}.md`).toBe(200);
      for (const href of linksOf(await response.text()).filter((link) => !/^https?:/.test(link))) {
        expect((await fetch(new URL(href.split('#')[0] ?? '', `${site.url}/${page}.md`))).status, `${page}.md links to ${href}`).toBe(200);
      }
    }
  });

  test('each guide is its Markdown source, with links to the other Markdown versions and no test-only flags', async () => {
    for (const guide of guides) {
      const markdown = await (await fetch(`${site.url}/${guide.slug}.html.md`)).text();
      expect(markdown.split('\n')[0]).toBe(guide.markdown.split('\n')[0]);
      expect(markdown).not.toMatch(/\]\(\.\/[a-z-]+\.md/);
      expect(markdown).not.toMatch(/^```\w+ run$/m);
    }
  });

  test('the not-documented guide lists every place the contract marks', async () => {
    const markdown = await (await fetch(`${site.url}/not-documented.html.md`)).text();
    const items = JSON.stringify(contract).match(new RegExp(`"${NOT_SHOWN_KEY}"`, 'g')) ?? [];
    expect(markdown.match(/^In the contract: `#\//gm)?.length).toBeGreaterThanOrEqual(items.length);
    expect(markdown).not.toContain('<!-- not-documented-list -->');
  });

  describe('the reference (index.html.md), generated from the contract', () => {
    let reference: string;
    beforeAll(async () => {
      reference = await (await fetch(`${site.url}/index.html.md`)).text();
    });

    test.each(operations.map((operation) => [operation.operationId, operation] as const))(
      'describes %s: method, path, responses and its code samples',
      (operationId, operation) => {
        const start = reference.indexOf(`### ${operation.summary}`);
        expect(start).toBeGreaterThan(-1);
        const section = reference.slice(start, reference.indexOf('\n### ', start + 1));
        expect(section).toContain(`\`${operation.method.toUpperCase()} ${operation.path}\` · operationId \`${operationId}\``);
        for (const status of Object.keys(operation.responses))
          expect(section).toMatch(new RegExp(`^##### ${status === 'default' ? 'Any other status' : status}`, 'm'));
        expect(samples.get(operationId)?.length).toBeGreaterThan(0);
        for (const { source } of samples.get(operationId) ?? []) expect(section).toContain(source.trimEnd());
        for (const item of (operation[NOT_SHOWN_KEY] as string[] | undefined) ?? []) expect(section).toContain(`- ${item}`);
      },
    );

    test('states each server URL with its variables filled in, and the contract version', () => {
      for (const server of contract.servers) {
        const filled = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]?.default ?? '');
        expect(reference).toContain(`- \`${filled}\``);
        expect(reference).toContain(`The contract's URL is \`${server.url}\``);
      }
      expect(reference).toMatch(/Contract version \*\*\S+\*\* · bundle `[0-9a-f]{12}`/);
    });
  });

  describe(`the mock's control reference (${CONTROL_REFERENCE.href}.md), generated from its OpenAPI document`, () => {
    const control = createContractModel(readControlDocument());
    let reference: string;
    beforeAll(async () => {
      reference = await (await fetch(`${site.url}/${CONTROL_REFERENCE.href}.md`)).text();
    });

    test("says first that these are the test double's routes, not the service's, and links the service's reference and the document", () => {
      const [title = '', , , , note = ''] = reference.split('\n');
      expect(title).toBe('# Thumbnail API mock: control surface — reference of the /__mock routes');
      expect(note).toMatch(/^\*\*The test double's routes, not the service's\.\*\* .*The Thumbnail Generation Service has no such routes/);
      expect(linksOf(note)).toEqual(expect.arrayContaining(['index.html.md', 'testing.html.md', CONTROL_REFERENCE.documentFile, CONTROL_REFERENCE.href]));
    });

    test.each(control.operations.map((operation) => [operation.operationId, operation] as const))(
      'describes %s: method, path, no authentication and every response',
      (operationId, { method, path, object, responses }) => {
        const start = reference.indexOf(`### ${String(object.summary)}\n`);
        expect(start).toBeGreaterThan(-1);
        const section = reference.slice(start, reference.indexOf('\n### ', start + 1));
        expect(section).toContain(`\`${method.toUpperCase()} ${path}\` · operationId \`${operationId}\` · security: no authentication`);
        for (const { status } of responses) expect(section).toMatch(new RegExp(`^##### ${status}`, 'm'));
      },
    );
  });
});
