#!/usr/bin/env node
// Every check runs somewhere, and CI runs what .ci/run runs: reads .ci/run, .github/workflows/ci.yml, the root
// package.json, turbo.json and every workspace package's scripts, works out which package scripts each one runs
// (through npm and pnpm scripts, `turbo run` and the tasks' dependsOn), and fails, naming them, when a package script
// named test…, check… or lint… is run by neither (a check that runs nowhere), or when .ci/run runs one that the
// workflow does not. Part of `pnpm check` (turbo's `check` depends on it). The root is the first argument (a test
// gives a planted copy), else this repository.
// Usage: node scripts/check-ci-coverage.mjs [root]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspaceFolders } from './workspace-folders.mjs';

/** Package scripts that are subsets of others, run alone by hand, with why. */
const SUBSETS = { 'test:mutations': 'the mutation tests alone; each package runs them in its test:slow' };

const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootScripts = readJson('package.json').scripts ?? {};
const turboTasks = readJson('turbo.json').tasks ?? {};
/** Each workspace package's name and scripts; the root is `//`, as turbo names it. */
const packages = workspaceFolders(root).map((folder) => {
  const manifest = readJson(join(folder, 'package.json'));
  return { name: manifest.name, scripts: manifest.scripts ?? {} };
});

/** The package scripts (`<package>#<script>`, `//#<script>` for the root's turbo tasks) a shell command line runs. */
function runBy(line, seen = new Set()) {
  const found = new Set();
  for (const segment of line.split(/&&|\|\||;|\n/)) {
    const words = segment.trim().split(/\s+/);
    const turbo = words.indexOf('turbo');
    if (turbo >= 0 && words[turbo + 1] === 'run') {
      for (const task of words.slice(turbo + 2).filter((word) => !word.startsWith('-'))) for (const ran of turboRuns(task, seen)) found.add(ran);
      continue;
    }
    const filter = words.indexOf('--filter');
    if (filter >= 0) {
      const script = words[filter + 2] === 'run' ? words[filter + 3] : words[filter + 2];
      if (script) found.add(`${words[filter + 1]}#${script}`);
      continue;
    }
    // npm test, npm run <script>, pnpm run <script>, node scripts/pnpm.mjs run <script>: a root script.
    const runAt = words.indexOf('run');
    const named =
      words[0] === 'npm' && words[1] === 'test' ? 'test' : runAt > 0 && /^(npm|pnpm|scripts\/pnpm\.mjs)$/.test(words[runAt - 1]) ? words[runAt + 1] : undefined;
    if (named !== undefined && rootScripts[named] !== undefined && !seen.has(`//:${named}`)) {
      seen.add(`//:${named}`);
      for (const ran of runBy(rootScripts[named], seen)) found.add(ran);
    }
  }
  return found;
}

/** What `turbo run <task>` runs: the task in every package that has the script, the root's `//#task`, and what they depend on. */
function turboRuns(task, seen) {
  const found = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    const [owner, script] = id.split('#');
    found.add(id);
    const config = turboTasks[id] ?? turboTasks[script] ?? {};
    for (const dependency of config.dependsOn ?? []) {
      if (dependency.includes('#')) visit(dependency);
      else if (dependency.startsWith('^'))
        for (const other of packages.filter((p) => p.scripts[dependency.slice(1)] !== undefined)) visit(`${other.name}#${dependency.slice(1)}`);
      else if (owner !== '//' && packages.find((p) => p.name === owner)?.scripts[dependency] !== undefined) visit(`${owner}#${dependency}`);
    }
  };
  if (task.includes('#')) visit(task);
  else {
    for (const workspace of packages.filter((p) => p.scripts[task] !== undefined)) visit(`${workspace.name}#${task}`);
    if (turboTasks[`//#${task}`] !== undefined) visit(`//#${task}`);
  }
  return found;
}

/** The commands of .ci/run (its npm lines) and of the workflow (its `run:` steps). */
const ciRun = readFileSync(join(root, '.ci/run'), 'utf8')
  .split('\n')
  .filter((line) => !line.trim().startsWith('#'))
  .flatMap((line) => [...line.matchAll(/\bnpm (?:test|run [\w:-]+)/g)].map((match) => match[0]))
  .join('\n');
const workflowPath = join(root, '.github/workflows/ci.yml');
const workflow = existsSync(workflowPath)
  ? [...readFileSync(workflowPath, 'utf8').matchAll(/^\s*(?:-\s+)?run:\s*(.+)$/gm)].map((match) => match[1]).join('\n')
  : '';
const byCiRun = runBy(ciRun);
const byWorkflow = runBy(workflow);

const problems = [];
for (const { name, scripts } of packages) {
  for (const script of Object.keys(scripts).filter((script) => /^(test|check|lint)(:|$)/.test(script) && !(script in SUBSETS))) {
    if (!byCiRun.has(`${name}#${script}`))
      problems.push(
        `${name}'s "${script}" runs nowhere: neither .ci/run nor the CI workflow runs it (make it a turbo task that npm test or npm run test:slow runs)`,
      );
  }
}
for (const ran of [...byCiRun].sort()) {
  if (!byWorkflow.has(ran)) problems.push(`.ci/run runs ${ran}, but .github/workflows/ci.yml does not: add it to a step`);
}
if (problems.length > 0) {
  console.error(`CI coverage: ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`CI coverage: .ci/run and the CI workflow both run all ${byCiRun.size} package scripts of the checks (test…, check…, lint…).`);
