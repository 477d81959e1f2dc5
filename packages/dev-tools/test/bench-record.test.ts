// BENCHMARKS.md as the benches write it: one section per kind of run, replaced whole by the next run of that kind, each
// saying which command wrote it; several benches of one package share the file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startBenchRun } from '../src/bench-record.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-record-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const file = () => readFileSync(join(dir, 'BENCHMARKS.md'), 'utf8');
/** The section's lines between its markers, without the provenance line (its date and load move). */
const section = (name: string) => {
  const text = file();
  const lines = text.slice(text.indexOf(`<!-- bench:${name} -->`), text.indexOf(`<!-- /bench:${name} -->`)).split('\n');
  return lines.filter((line) => !line.startsWith('Recorded by'));
};

test('a first record makes the file, with a heading for the package and the section headed by its command', () => {
  startBenchRun(dir, '@example/pkg', 'pnpm --filter @example/pkg bench --record').record('node20', 'Per call, Node.js 20', ['| a | 1 |']);

  expect(file().startsWith('# Benchmarks of @example/pkg\n')).toBe(true);
  expect(file()).toMatch(/^Recorded by `pnpm --filter @example\/pkg bench --record` on \d{4}-\d{2}-\d{2} at commit \S+ with Node\.js v/m);
  expect(section('node20')).toEqual(['<!-- bench:node20 -->', '## Per call, Node.js 20', '', '', '| a | 1 |', '']);
});

test('a second bench of the package adds its own section and leaves the first as it was', () => {
  startBenchRun(dir, '@example/pkg', 'bench one').record('load', 'Load', ['first']);
  const before = section('load');
  startBenchRun(dir, '@example/pkg', 'bench two').record('standalone', 'Image', ['second']);

  expect(section('load')).toEqual(before);
  expect(section('standalone')).toContain('second');
  expect(file()).toContain('Recorded by `bench two`');
});

test('a later run of the same kind replaces its section whole, and only it, keeping what sits around it', () => {
  writeFileSync(join(dir, 'BENCHMARKS.md'), '# Benchmarks of @example/pkg\n\nA note kept by hand above.\n');
  const run = startBenchRun(dir, '@example/pkg', 'bench');
  run.record('load', 'Load', ['old figure']);
  run.record('other', 'Other', ['kept']);
  run.record('load', 'Load', ['new figure']);

  expect(file()).toContain('A note kept by hand above.');
  expect(file()).not.toContain('old figure');
  expect(file().match(/<!-- bench:load -->/g)).toHaveLength(1);
  expect(section('load')).toContain('new figure');
  expect(section('other')).toContain('kept');
});
