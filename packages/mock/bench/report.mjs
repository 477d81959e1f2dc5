// Prints the bench's figures as Markdown tables the README quotes, and the issue's targets with what was measured.
// Every figure is the median over the rounds.

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const fmt = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
const ratio = (value, base) => (Number.isFinite(value / base) ? `${(value / base).toFixed(2)}×` : 'n/a');

/** Prints the report; returns the exit code: 1 when one of our contenders failed requests or differed from Prism. */
export function printReport({ results, names, scenarios, exchanges }) {
  const figure = (name, scenario, key) => median((results[name].load[scenario] ?? []).map((run) => run[key]));
  const bare = (scenario, key) => (results.bare ? figure('bare', scenario, key) : Number.NaN);
  const shown = names.filter((name) => !results[name].skipped);

  console.log('\n### Summary (ratios to bare node:http)\n');
  console.log(
    "| | start → first 200 | GET at 50 conns | POST at 50 conns | p50 at 1 conn, GET / POST | RSS of the process tree after the load | 10k mixed requests at 50 conns: errors / answers unlike Prism's |",
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const name of shown) {
    const r = results[name];
    const compare = r.compare ? `${r.compare.errors} / ${r.compare.differing}` : '—';
    console.log(
      `| ${r.label} | ${fmt(median(r.starts))} ms | ${fmt(figure(name, 'get50', 'requestsPerSecond'))} req/s (${ratio(figure(name, 'get50', 'requestsPerSecond'), bare('get50', 'requestsPerSecond'))}) | ` +
        `${fmt(figure(name, 'post50', 'requestsPerSecond'))} (${ratio(figure(name, 'post50', 'requestsPerSecond'), bare('post50', 'requestsPerSecond'))}) | ` +
        `${fmt(figure(name, 'get1', 'p50'), 2)} / ${fmt(figure(name, 'post1', 'p50'), 2)} ms (${ratio(figure(name, 'get1', 'p50'), bare('get1', 'p50'))} / ${ratio(figure(name, 'post1', 'p50'), bare('post1', 'p50'))}) | ` +
        `${fmt(r.rssMiB)} MiB | ${compare} |`,
    );
  }
  for (const name of names.filter((name) => results[name].skipped)) console.log(`\n${results[name].label}: not measured: ${results[name].skipped}`);
  if (results.startMock?.note) console.log(`\nstartMock(): start is startMock() called → first 200 inside its process (${results.startMock.note}).`);
  if (results.compiled?.note)
    console.log(`compiled path alone: start is startCompiledMock() called → first 200 inside its process (${results.compiled.note}).`);

  console.log('\n### Detail: req/s, p50 / p99 latency (ms)\n');
  console.log(`| | ${scenarios.map((scenario) => scenario.label).join(' | ')} |`);
  console.log(`|---|${scenarios.map(() => '---').join('|')}|`);
  for (const name of shown) {
    const cells = scenarios.map(
      (s) => `${fmt(figure(name, s.id, 'requestsPerSecond'))} req/s, ${fmt(figure(name, s.id, 'p50'), 2)} / ${fmt(figure(name, s.id, 'p99'), 2)}`,
    );
    console.log(`| ${results[name].label} | ${cells.join(' | ')} |`);
  }
  console.log("\n### Server CPU time per request (µs, user + system of its process tree over each run ÷ answers; in brackets bare's ÷ ours)\n");
  console.log(`| | ${scenarios.map((scenario) => scenario.label).join(' | ')} |`);
  console.log(`|---|${scenarios.map(() => '---').join('|')}|`);
  for (const name of shown) {
    const cells = scenarios.map((s) => `${fmt(figure(name, s.id, 'cpuMicros'), 1)} (${ratio(bare(s.id, 'cpuMicros'), figure(name, s.id, 'cpuMicros'))})`);
    console.log(`| ${results[name].label} | ${cells.join(' | ')} |`);
  }
  const failures = shown.flatMap((name) =>
    scenarios.flatMap((s) =>
      (results[name].load[s.id] ?? [])
        .filter((run) => run.errors + run.non2xx > 0)
        .map((run) => `${name} ${s.id}: ${run.errors} errors, ${run.non2xx} non-2xx`),
    ),
  );
  if (failures.length > 0) console.log(`\nLoad runs with failed or non-2xx answers: ${failures.join('; ')}`);

  if (exchanges.length > 0) {
    console.log(
      `\n10k run: ${exchanges.length} kinds of request in turn (${exchanges.map((e) => `${e.name} → ${e.expect.status}`).join('; ')}), each answer compared with Prism's (status, content type, body).`,
    );
    for (const name of shown) for (const sample of results[name].compare?.samples ?? []) console.log(`  ${name}: ${sample}`);
  }

  printTargets(results, figure, bare);
  printJournalTargets(results, figure, bare);
  const ours = ['cli', 'startMock', 'compiled'].filter((name) => results[name]?.compare);
  return ours.some((name) => results[name].compare.errors + results[name].compare.differing > 0) ? 1 : 0;
}

/** The targets of issue 15, for our two contenders, as measured in this run. */
function printTargets(results, figure, bare) {
  console.log('\n### Targets (issue 15)\n');
  const line = (what, value, met) => console.log(`- ${met === undefined ? '?' : met ? 'met' : 'NOT met'}: ${what}: ${value}`);
  if (results.cli?.starts.length) line('CLI start → first 200 ≤ 300 ms', `${fmt(median(results.cli.starts))} ms`, median(results.cli.starts) <= 300);
  if (results.startMock?.starts.length)
    line('startMock() → first 200 ≤ 200 ms', `${fmt(median(results.startMock.starts))} ms`, median(results.startMock.starts) <= 200);
  for (const name of ['cli', 'startMock'].filter((name) => results[name] && !results[name].skipped)) {
    const label = name === 'cli' ? 'CLI' : 'startMock()';
    const rel = (scenario, key) => figure(name, scenario, key) / bare(scenario, key);
    line(
      `${label} GET at 50 conns ≥ 0.5× bare`,
      ratio(figure(name, 'get50', 'requestsPerSecond'), bare('get50', 'requestsPerSecond')),
      rel('get50', 'requestsPerSecond') >= 0.5,
    );
    line(
      `${label} POST at 50 conns ≥ 0.4× bare`,
      ratio(figure(name, 'post50', 'requestsPerSecond'), bare('post50', 'requestsPerSecond')),
      rel('post50', 'requestsPerSecond') >= 0.4,
    );
    line(
      `${label} p50 at 1 conn ≤ 2× bare (GET, POST)`,
      `${ratio(figure(name, 'get1', 'p50'), bare('get1', 'p50'))}, ${ratio(figure(name, 'post1', 'p50'), bare('post1', 'p50'))}`,
      rel('get1', 'p50') <= 2 && rel('post1', 'p50') <= 2,
    );
    line(`${label} RSS of the process tree after the load ≤ 100 MiB`, `${fmt(results[name].rssMiB)} MiB`, results[name].rssMiB <= 100);
    const rivals = ['prism', 'steady'].filter((rival) => results[rival] && !results[rival].skipped);
    const behind = ['get1', 'get50', 'post1', 'post50'].flatMap((scenario) =>
      rivals
        .filter((rival) => !(figure(name, scenario, 'requestsPerSecond') > figure(rival, scenario, 'requestsPerSecond')))
        .map((rival) => `${scenario} vs ${rival}`),
    );
    line(
      `${label} ahead of ${rivals.join(' and ') || 'no rival measured'} on every req/s figure`,
      behind.length ? `behind on ${behind.join(', ')}` : 'ahead on all',
      rivals.length ? behind.length === 0 : undefined,
    );
    const compare = results[name].compare;
    if (compare)
      line(
        `${label} 10k requests at 50 conns: 0 errors, answers equal Prism's`,
        `${compare.errors} errors, ${compare.differing} differing`,
        compare.errors + compare.differing === 0,
      );
  }
}

/** The targets of issue 21 (the mock as a test double): the journal on (its default, 1000 entries) and no rules. */
function printJournalTargets(results, figure, bare) {
  console.log('\n### Targets (issue 21: journal on, no rules)\n');
  const line = (what, value, met) => console.log(`- ${met === undefined ? '?' : met ? 'met' : 'NOT met'}: ${what}: ${value}`);
  if (results.cli?.starts.length) line('CLI start → first 200 ≤ 150 ms', `${fmt(median(results.cli.starts))} ms`, median(results.cli.starts) <= 150);
  for (const name of ['cli', 'startMock'].filter((name) => results[name] && !results[name].skipped)) {
    const label = name === 'cli' ? 'CLI' : 'startMock()';
    for (const [scenario, what] of [
      ['get50', 'GET'],
      ['post50', 'POST'],
    ]) {
      const value = figure(name, scenario, 'requestsPerSecond') / bare(scenario, 'requestsPerSecond');
      line(
        `${label} ${what} at 50 conns ≥ 0.8× bare`,
        ratio(figure(name, scenario, 'requestsPerSecond'), bare(scenario, 'requestsPerSecond')),
        Number.isFinite(value) ? value >= 0.8 : undefined,
      );
    }
    const after = results[name].rssAfter10kMiB;
    line(`${label} RSS of the process tree after the 10,000-request run ≤ 100 MiB`, `${fmt(after)} MiB`, Number.isFinite(after) ? after <= 100 : undefined);
  }
}
