// The tools a client sees: one per operation of the contract, read off it through its model (names, titles, schemas,
// what the service does not document), every annotation stated, and nothing the contract does not have.

import { loadContract } from '@thumbnail-api/spec';
import { describe, expect, test } from 'vitest';
import type { ThumbnailMcpServerOptions } from '../src/mcp-server.js';
import { confirm, onOneMock } from './helpers/in-process.js';

const contract = loadContract();
const mock = onOneMock();

async function listedTools(options: ThumbnailMcpServerOptions = {}) {
  const harness = await mock.harness(options);
  const client = await harness.connect(confirm);
  const { tools } = await client.listTools();
  return tools;
}

/** Every `x-not-shown` item of an operation and of the schemas of its body and success answer, read from the contract. */
function notShownOf(operationId: string): string[] {
  const operation = contract.operationById(operationId)!;
  const schemas = [operation.requestBody?.content[0], operation.response(200)?.content[0]].flatMap((media) =>
    media?.schemaPointer ? [contract.resolve(media.schema, media.schemaPointer).value as Record<string, unknown>] : [],
  );
  return [operation.object, ...schemas].flatMap((node) => (node['x-not-shown'] as string[] | undefined) ?? []);
}

describe('tools/list', () => {
  test('offers one tool per operation of the contract, named after its operationId and titled by its summary', async () => {
    const tools = await listedTools();
    expect(contract.operations.map((operation) => operation.operationId)).toEqual(['createThumbnail', 'listThumbnails']);
    expect(tools.map((tool) => [tool.name, tool.title])).toEqual([
      ['create_thumbnail', contract.operationById('createThumbnail')!.summary],
      ['list_thumbnails', contract.operationById('listThumbnails')!.summary],
    ]);
  });

  test.each([
    ['list_thumbnails', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
    ['create_thumbnail', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
  ])('%s states every annotation: %o', async (name, hints) => {
    const tool = (await listedTools()).find((candidate) => candidate.name === name)!;
    expect(tool.annotations).toEqual({ title: tool.title, ...hints });
  });

  test('create_thumbnail takes the documented body fields, typed as the contract types them, and no other', async () => {
    const tool = (await listedTools()).find((candidate) => candidate.name === 'create_thumbnail')!;
    const body = contract.operationById('createThumbnail')!.requestBody!.content[0]!;
    const schema = contract.resolve(body.schema, body.schemaPointer).value as { properties: Record<string, unknown>; required: string[] };
    expect(tool.inputSchema).toEqual({ type: 'object', properties: schema.properties, required: schema.required, additionalProperties: false });
  });

  test('list_thumbnails takes no arguments: the service documents no query parameters', async () => {
    const tool = (await listedTools()).find((candidate) => candidate.name === 'list_thumbnails')!;
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  test.each(['createThumbnail', 'listThumbnails'])('%s: the description says each thing the service does not document', async (operationId) => {
    const tool = (await listedTools()).find((candidate) => candidate.title === contract.operationById(operationId)!.summary)!;
    const notShown = notShownOf(operationId);
    expect(notShown.length).toBeGreaterThan(1);
    expect(tool.description).toContain('Not documented by the service');
    for (const item of notShown) expect(tool.description).toContain(`- ${item}`);
  });

  test('the output schemas are the success bodies’ schemas, without the contract’s own marks or references', async () => {
    const tools = await listedTools();
    for (const tool of tools) {
      expect(tool.outputSchema).toMatchObject({ type: 'object', additionalProperties: true });
      expect(JSON.stringify(tool.outputSchema)).not.toMatch(/"\$ref"|"x-/);
    }
  });

  test('the billed tool says what it costs, that the user confirms it, and the budget', async () => {
    const tool = (await listedTools({ maxCreates: 2 })).find((candidate) => candidate.name === 'create_thumbnail')!;
    expect(tool.description).toContain('Cost: each call may generate a thumbnail the service bills');
    expect(tool.description).toContain('at most 2 such calls');
  });

  test('with a budget of 0 no billed tool is offered: a read-only server', async () => {
    expect((await listedTools({ maxCreates: 0 })).map((tool) => tool.name)).toEqual(['list_thumbnails']);
  });

  test('the test double’s tools are offered only when asked for', async () => {
    expect((await listedTools()).map((tool) => tool.name)).not.toContain('mock_requests');
    const names = (await listedTools({ testDoubleTools: true })).map((tool) => tool.name);
    expect(names).toEqual(['create_thumbnail', 'list_thumbnails', 'mock_add_rule', 'mock_requests', 'mock_near_misses', 'mock_coverage', 'mock_reset']);
  });

  test('a tool the server does not have is a protocol error naming the tools it has', async () => {
    const harness = await mock.harness();
    const client = await harness.connect(confirm);
    await expect(client.callTool({ name: 'delete_thumbnail', arguments: {} })).rejects.toThrow(
      /No tool delete_thumbnail; this server offers create_thumbnail, list_thumbnails/,
    );
  });
});
