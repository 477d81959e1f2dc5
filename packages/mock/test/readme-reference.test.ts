// The README is the mock's reference, held to the code here: its options table names every flag, variable and JS
// option the doors take (with the defaults --help states), its test double table every control route, its tables of
// headers and errors every header and error kind the mock sends, and its order of checks is the one --help tells
// (the testing guide links to it rather than telling it again).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { describe, expect, test } from 'vitest';
import { usage } from '../src/cli/cli-options.js';
import { envVariables } from '../src/cli/env-options.js';
import { CONTROL_ROUTES } from '../src/control/control-routes.js';
import { createHandlers } from '../src/doors/create-handlers.js';
import { startMock } from '../src/doors/start-mock.js';
import { MOCK_ERROR_KINDS } from '../src/http/mock-error.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const guide = readFileSync(new URL('../../../docs/guides/testing.md', import.meta.url), 'utf8');

/** The text of a `## ` or `### ` section of the README, up to the next heading of any level. */
function section(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, `the README has no heading "${heading}"`).toBeGreaterThan(-1);
  const rest = readme.slice(start + heading.length + 2);
  const end = rest.search(/^#{1,6} /m);
  return end === -1 ? rest : rest.slice(0, end);
}

/** The body rows of the Markdown tables in `text`, each as its cells (`\|` kept as a character). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** The code spans of a cell. */
const spans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('the options table', () => {
  const rows = tableRows(section('## Options')).filter((cells) => cells.length === 5 && cells[0] !== 'Flag');
  const flagOf = (cells: string[]) => /--[a-z-]+/.exec(cells[0]!)?.[0];
  const usageFlags = [...usage.matchAll(/^ {2}(?:-h, )?(--[a-z-]+)/gm)].map((match) => match[1]!);

  test('names every flag of --help, and no flag the command lacks', () => {
    const tableFlags = rows.flatMap((cells) => [...cells[0]!.matchAll(/--[a-z-]+/g)].map((match) => match[0]));
    expect(usageFlags.length).toBeGreaterThan(15);
    expect(new Set(tableFlags)).toEqual(new Set(usageFlags));
  });

  test('gives each flag the variable the command reads for it, and names the coverage folder', () => {
    const byFlag = new Map(envVariables.map(({ flag, variable }) => [`--${flag}`, variable]));
    for (const cells of rows) {
      const flag = flagOf(cells);
      const variable = spans(cells[1]!)[0];
      if (flag !== undefined && byFlag.has(flag)) expect(variable, `the variable of ${flag}`).toBe(byFlag.get(flag));
      else if (variable !== undefined) expect(variable, `the row of ${cells[0]}`).toBe(COVERAGE_DIR_VARIABLE);
    }
    const named = rows.map((cells) => spans(cells[1]!)[0]);
    for (const { variable } of envVariables) expect(named, `the table names ${variable}`).toContain(variable);
  });

  test.each([
    ['startMock()', () => startMock({ notAnOption: 1 } as never)],
    ['createHandlers()', () => createHandlers({ baseUrl: 'https://api.thumbnails.test', notAnOption: 1 } as never)],
  ])('names every option %s takes', async (door, start) => {
    // A door names every option it takes when refusing one it does not: the list the table must hold.
    const refusal = await start().then(
      () => '',
      (error: Error) => error.message,
    );
    const taken = /it takes (.+)\.$/.exec(refusal)?.[1]?.split(', ');
    expect(taken, `${door}'s refusal: ${refusal}`).toBeDefined();
    const inTable = new Set(rows.flatMap((cells) => spans(cells[2]!).map((span) => span.split(':')[0]!)));
    for (const option of taken!) expect(inTable, `the JS option ${option} of ${door}`).toContain(option);
  });

  test('states the default --help states for a flag', () => {
    const defaults = [...usage.matchAll(/^ {2}(--[a-z-]+)[^\n]*\(default ([^;)]+)/gm)].map((match) => [match[1]!, match[2]!] as const);
    expect(defaults.length).toBeGreaterThan(2);
    for (const [flag, value] of defaults) {
      const row = rows.find((cells) => flagOf(cells) === flag);
      expect(row?.[3], `the default of ${flag}`).toContain(value);
    }
  });
});

test('the test double table names every control route', () => {
  const text = section('## The test double');
  for (const route of CONTROL_ROUTES) expect(text, `${route.method} ${route.path}`).toContain(`\`${route.method} ${route.path}\``);
});

test("the errors table has a row for each kind of the mock's own error, and for no other", () => {
  const kinds = tableRows(section("## The mock's own errors"))
    .map((cells) => spans(cells[0]!)[0])
    .filter((kind) => kind !== undefined);
  expect(new Set(kinds)).toEqual(new Set(MOCK_ERROR_KINDS));
  expect(kinds).toHaveLength(MOCK_ERROR_KINDS.length);
});

test('the headers table has a row for each header the mock adds of its own', () => {
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(src, file), 'utf8'));
  const added = new Set(sources.flatMap((source) => [...source.matchAll(/mockHeader\('([a-z-]+)'\)/g)].map((match) => `x-thumbnail-api-mock-${match[1]}`)));
  const listed = tableRows(section('## Headers the mock adds')).map((cells) => spans(cells[0]!)[0]);
  expect(added.size).toBeGreaterThan(3);
  for (const header of added) expect(listed, header).toContain(header);
});

test('--help and the README tell one order of checks; the testing guide links to it instead of telling it again', () => {
  const fromHelp = [...usage.slice(usage.indexOf('How a request to a documented operation is answered')).matchAll(/^ {2}(\d)\. (\w+)/gm)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
  const fromReadme = [...section('## The order of checks').matchAll(/^(\d)\. \*\*([^*]+)\*\*/gm)].map(
    (match) => `${match[1]} ${match[2]!.replaceAll('`', '')}`,
  );
  const order = ['1 Authentication', '2 Rules', '3 Prefer', '4 Validation'];
  expect({ help: fromHelp.slice(0, 4), readme: fromReadme }).toEqual({ help: order, readme: order });
  expect(guide).not.toMatch(/^\d\. \*\*Authentication/m);
  expect(guide).toContain('"The order of checks"');
});
