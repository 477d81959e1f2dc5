// Prints the bench's figures as Markdown tables (kept in BENCHMARKS.md with --record), and the issues' targets with what
// was measured.
// Every figure is the median over the rounds. Every ratio to bare is the median over the rounds of the ratio measured
// within one round (ours and bare a few seconds apart): on a shared machine whose speed drifts from one round to the
// next, that cancels the drift that a ratio of two medians taken from different rounds keeps.

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const fmt = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');

/**
 * Prints the report, line by line, through `print` (console.log, or one that also keeps the lines for BENCHMARKS.md);
 * returns the exit code: 1 when one of our contenders failed requests or differed from Prism.
 */
export function printReport({ results, names, scenarios, exchanges, print = console.log }) {
  const figure = (name, scenario, key) => median((results[name].load[scenario] ?? []).map((run) => run[key]));
  /** Ours ÷ bare (or bare ÷ ours, `inverse`) in each round. */
  const roundRatios = (name, scenario, key, inverse = false) => {
    const floor = results.bare?.load[scenario] ?? [];
    return (results[name].load[scenario] ?? []).map((run, round) => (inverse ? floor[round]?.[key] / run[key] : run[key] / floor[round]?.[key]));
  };
  /** The median of the rounds' ratios, as `0.91×`. */
  const ratio = (name, scenario, key, inverse = false) => times(median(roundRatios(name, scenario, key, inverse)));
  const shown = names.filter((name) => !results[name].skipped);

  print('\n### Summary (ratios to bare node:http)\n');
  print(
    "| | start → first 200 | GET at 50 conns | POST at 50 conns | p50 at 1 conn, GET / POST | RSS of the process tree after the load | 10k mixed requests at 50 conns: errors / answers unlike Prism's |",
  );
  print('|---|---|---|---|---|---|---|');
  for (const name of shown) {
    const r = results[name];
    const compare = r.compare ? `${r.compare.errors} / ${r.compare.differing}` : '—';
    print(
      `| ${r.label} | ${fmt(median(r.starts))} ms | ${fmt(figure(name, 'get50', 'requestsPerSecond'))} req/s (${ratio(name, 'get50', 'requestsPerSecond')}) | ` +
        `${fmt(figure(name, 'post50', 'requestsPerSecond'))} (${ratio(name, 'post50', 'requestsPerSecond')}) | ` +
        `${fmt(figure(name, 'get1', 'p50'), 2)} / ${fmt(figure(name, 'post1', 'p50'), 2)} ms (${ratio(name, 'get1', 'p50')} / ${ratio(name, 'post1', 'p50')}) | ` +
        `${fmt(r.rssMiB)} MiB | ${compare} |`,
    );
  }
  for (const name of names.filter((name) => results[name].skipped)) print(`\n${results[name].label}: not measured: ${results[name].skipped}`);
  if (results.startMock?.note) print(`\nstartMock(): start is startMock() called → first 200 inside its process (${results.startMock.note}).`);
  if (results.compiled?.note) print(`compiled path alone: start is startCompiledMock() called → first 200 inside its process (${results.compiled.note}).`);

  print('\n### Detail: req/s, p50 / p99 latency (ms)\n');
  print(`| | ${scenarios.map((scenario) => scenario.label).join(' | ')} |`);
  print(`|---|${scenarios.map(() => '---').join('|')}|`);
  for (const name of shown) {
    const cells = scenarios.map(
      (s) => `${fmt(figure(name, s.id, 'requestsPerSecond'))} req/s, ${fmt(figure(name, s.id, 'p50'), 2)} / ${fmt(figure(name, s.id, 'p99'), 2)}`,
    );
    print(`| ${results[name].label} | ${cells.join(' | ')} |`);
  }
  print("\n### Server CPU time per request (µs, user + system of its process tree over each run ÷ answers; in brackets bare's ÷ ours)\n");
  print(`| | ${scenarios.map((scenario) => scenario.label).join(' | ')} |`);
  print(`|---|${scenarios.map(() => '---').join('|')}|`);
  for (const name of shown) {
    const cells = scenarios.map((s) => `${fmt(figure(name, s.id, 'cpuMicros'), 1)} (${ratio(name, s.id, 'cpuMicros', true)})`);
    print(`| ${results[name].label} | ${cells.join(' | ')} |`);
  }
  const failures = shown.flatMap((name) =>
    scenarios.flatMap((s) =>
      (results[name].load[s.id] ?? [])
        .filter((run) => run.errors + run.non2xx > 0)
        .map((run) => `${name} ${s.id}: ${run.errors} errors, ${run.non2xx} non-2xx`),
    ),
  );
  if (failures.length > 0) print(`\nLoad runs with failed or non-2xx answers: ${failures.join('; ')}`);

  if (exchanges.length > 0) {
    print(
      `\n10k run: ${exchanges.length} kinds of request in turn (${exchanges.map((e) => `${e.name} → ${e.expect.status}`).join('; ')}), each answer compared with Prism's (status, content type, body).`,
    );
    for (const name of shown) for (const sample of results[name].compare?.samples ?? []) print(`  ${name}: ${sample}`);
  }

  if (results.baseline?.load.post50 && results.cli?.load.post50) printAgainstBaseline(results, scenarios, print);
  printTargets(results, figure, roundRatios, print);
  printJournalTargets(results, roundRatios, print);
  const ours = ['cli', 'startMock', 'compiled'].filter((name) => results[name]?.compare);
  return ours.some((name) => results[name].compare.errors + results[name].compare.differing > 0) ? 1 : 0;
}

/** The CLI's CPU time per request against the baseline's, per scenario: the cost (or saving) of the change measured. */
function printAgainstBaseline(results, scenarios, print) {
  print(`\n### Against the baseline: CPU time per request, ours ÷ ${results.baseline.label} (median of the rounds, with their range)\n`);
  for (const scenario of scenarios) {
    const base = results.baseline.load[scenario.id] ?? [];
    const ratios = (results.cli.load[scenario.id] ?? []).map((run, round) => run.cpuMicros / base[round]?.cpuMicros);
    const { text } = spread(ratios);
    print(`- ${scenario.label}: ${text}`);
  }
}

/** A ratio for a target line: the median of the rounds' ratios, with their range. */
function spread(ratios) {
  const finite = ratios.filter(Number.isFinite);
  const value = median(finite);
  if (finite.length < 2) return { value, text: times(value) };
  return { value, text: `${times(value)} (rounds ${Math.min(...finite).toFixed(2)}–${Math.max(...finite).toFixed(2)})` };
}

/** A printer of target lines: met, NOT met, or ? (`met` undefined: the figure is unknown). */
const targetLine = (print) => (what, value, met) => print(`- ${met === undefined ? '?' : met ? 'met' : 'NOT met'}: ${what}: ${value}`);

/** `true` when every figure is known, else `undefined`: a target whose figure is unknown (bare failed, BENCH_ONLY left it out) is ?, not missed. */
const known = (...values) => (values.every(Number.isFinite) ? true : undefined);

/** The targets of issue 15, for our two contenders, as measured in this run. */
function printTargets(results, figure, roundRatios, print) {
  const line = targetLine(print);
  print('\n### Targets (issue 15)\n');
  if (results.cli?.starts.length) line('CLI start → first 200 ≤ 300 ms', `${fmt(median(results.cli.starts))} ms`, median(results.cli.starts) <= 300);
  if (results.startMock?.starts.length)
    line('startMock() → first 200 ≤ 200 ms', `${fmt(median(results.startMock.starts))} ms`, median(results.startMock.starts) <= 200);
  for (const name of ['cli', 'startMock'].filter((name) => results[name] && !results[name].skipped)) {
    const label = name === 'cli' ? 'CLI' : 'startMock()';
    const get50 = spread(roundRatios(name, 'get50', 'requestsPerSecond'));
    const post50 = spread(roundRatios(name, 'post50', 'requestsPerSecond'));
    const get1 = spread(roundRatios(name, 'get1', 'p50'));
    const post1 = spread(roundRatios(name, 'post1', 'p50'));
    line(`${label} GET at 50 conns ≥ 0.5× bare`, get50.text, known(get50.value) && get50.value >= 0.5);
    line(`${label} POST at 50 conns ≥ 0.4× bare`, post50.text, known(post50.value) && post50.value >= 0.4);
    line(`${label} p50 at 1 conn ≤ 2× bare (GET, POST)`, `${get1.text}, ${post1.text}`, known(get1.value, post1.value) && get1.value <= 2 && post1.value <= 2);
    line(`${label} RSS of the process tree after the load ≤ 100 MiB`, `${fmt(results[name].rssMiB)} MiB`, results[name].rssMiB <= 100);
    const rivals = ['prism'].filter((rival) => results[rival] && !results[rival].skipped);
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
function printJournalTargets(results, roundRatios, print) {
  const line = targetLine(print);
  print('\n### Targets (issue 21: journal on, no rules)\n');
  if (results.cli?.starts.length) line('CLI start → first 200 ≤ 150 ms', `${fmt(median(results.cli.starts))} ms`, median(results.cli.starts) <= 150);
  for (const name of ['cli', 'startMock'].filter((name) => results[name] && !results[name].skipped)) {
    const label = name === 'cli' ? 'CLI' : 'startMock()';
    for (const [scenario, what] of [
      ['get50', 'GET'],
      ['post50', 'POST'],
    ]) {
      const measured = spread(roundRatios(name, scenario, 'requestsPerSecond'));
      line(`${label} ${what} at 50 conns ≥ 0.8× bare`, measured.text, known(measured.value) && measured.value >= 0.8);
    }
    const after = results[name].rssAfter10kMiB;
    line(`${label} RSS of the process tree after the 10,000-request run ≤ 100 MiB`, `${fmt(after)} MiB`, known(after) && after <= 100);
  }
}
