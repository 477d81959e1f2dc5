// Runs one property with the number of cases and the seed taken from the environment, and prints both, so
// every run can be replayed: FAST_CHECK_SEED=<seed> pnpm --filter @thumbnail-api/fuzz test.
import * as fc from 'fast-check';

/** How a suite is run. */
export interface FuzzPlan {
  /** Number of generated cases. */
  numRuns: number;
  /** Seed of the generator; random unless `FAST_CHECK_SEED` is set. */
  seed: number;
  /**
   * Wall-time budget of a CI run: past it, no new case starts (and shrinking a failure stops), so a slow machine cannot
   * outlast the test's time limit; the case running then still counts. `undefined` for a campaign, which runs all its cases.
   */
  timeLimitMs: number | undefined;
  /** Stop at the first failing case without shrinking it: for the mutation tests, which need the failure, not its smallest form. */
  endOnFailure?: boolean;
}

// With the longest case of a suite (its case limit) after it, below the test timeout of vitest.config.ts.
const CI_TIME_LIMIT_MS = 150_000;

// CI (CI set, no FAST_CHECK_SEED) replays this seed, so that whether a commit lands does not depend on the luck of
// the draw; local runs and `pnpm fuzz` campaigns draw fresh seeds and are where new cases are found.
const CI_SEED = 1_516_414_536;

/** What a finished suite prints. */
export interface FuzzFigures extends FuzzPlan {
  suite: string;
  /** Wall time of the suite, in milliseconds. */
  durationMs: number;
  /** Whether the time budget stopped the run before all its cases (a busy machine); it still had to reach its floor. */
  interrupted: boolean;
}

/** How a suite's cases are bounded. */
export interface CaseLimits {
  /**
   * The longest one case may take, second tries included: a case still running past it is a failure (a hang), and no
   * case starts after it. Each suite derives it from its own request limits.
   */
  caseLimitMs: number;
}

/**
 * The fewest cases a run with a time budget must complete: half its plan. A machine too busy for that proves nothing,
 * and fails: make the plan smaller rather than this floor meaningless.
 */
export function caseFloor(plan: FuzzPlan): number {
  return plan.timeLimitMs === undefined ? plan.numRuns : Math.ceil(plan.numRuns / 2);
}

/**
 * The plan of a suite: `FAST_CHECK_RUNS` cases (else `ciRuns`), divided by `slowness` for suites whose
 * cases wait for timeouts, and the seed `FAST_CHECK_SEED` (else a fixed one in CI, a fresh one elsewhere).
 */
export function fuzzPlan(ciRuns: number, slowness = 1, env: NodeJS.ProcessEnv = process.env): FuzzPlan {
  const runs = env.FAST_CHECK_RUNS === undefined || env.FAST_CHECK_RUNS === '' ? ciRuns : positiveInteger(env.FAST_CHECK_RUNS, 'FAST_CHECK_RUNS');
  const seedGiven = env.FAST_CHECK_SEED !== undefined && env.FAST_CHECK_SEED !== '';
  const seed = seedGiven ? integer(env.FAST_CHECK_SEED as string, 'FAST_CHECK_SEED') : env.CI ? CI_SEED : freshSeed();
  const campaign = env.FAST_CHECK_RUNS !== undefined && env.FAST_CHECK_RUNS !== '';
  return { numRuns: Math.max(1, Math.ceil(runs / slowness)), seed, timeLimitMs: campaign ? undefined : CI_TIME_LIMIT_MS };
}

/**
 * Checks `property` with the plan, prints `fuzz <suite>: <cases> cases, seed <seed>` (also when it fails), and
 * throws fast-check's report (counterexample, seed and path to replay it) when a case fails, when a case runs past
 * `caseLimitMs` (a hang), and when the budget stopped the run below its floor ({@link caseFloor}).
 */
export async function runFuzz<T>(suite: string, property: fc.IAsyncProperty<T>, plan: FuzzPlan, { caseLimitMs }: CaseLimits): Promise<FuzzFigures> {
  const started = Date.now();
  // Also up front, so that a run killed by a time limit can still be replayed.
  console.log(`fuzz ${suite}: running ${plan.numRuns} cases, seed ${plan.seed}`);
  const budget = new Budget(plan.timeLimitMs === undefined ? undefined : started + plan.timeLimitMs, caseLimitMs);
  const details = await fc.check(property, { numRuns: plan.numRuns, seed: plan.seed, endOnFailure: plan.endOnFailure, plugins: [budget.plugin] });
  const figures = {
    suite,
    numRuns: details.numRuns,
    seed: details.seed,
    timeLimitMs: plan.timeLimitMs,
    durationMs: Date.now() - started,
    interrupted: details.interrupted,
  };
  const floor = caseFloor(plan);
  const belowFloor = !details.failed && details.numRuns < floor;
  const verdict = details.failed
    ? `FAILED after ${details.numRuns} cases`
    : `${details.numRuns} cases${details.interrupted ? ` (of ${plan.numRuns}: stopped at the ${plan.timeLimitMs} ms budget${belowFloor ? `, below the floor of ${floor}` : ''})` : ''}`;
  // One line per suite, in the test output: the figures the issue asks for.
  console.log(`fuzz ${suite}: ${verdict}, seed ${details.seed} (${(figures.durationMs / 1000).toFixed(1)} s; replay with FAST_CHECK_SEED=${details.seed})`);
  if (details.failed) {
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `fuzz ${suite} failed after ${details.numRuns} cases (shrunk ${details.numShrinks} times).\n` +
        `Replay: FAST_CHECK_SEED=${details.seed} (path ${details.counterexamplePath}).\n` +
        `Counterexample: ${describeCase(details.counterexample)}\n${why}`,
    );
  }
  if (belowFloor) {
    throw new Error(
      `fuzz ${suite}: only ${details.numRuns} of ${plan.numRuns} cases ran within the ${plan.timeLimitMs} ms budget; at least half (${floor}) must. ` +
        `A server that answers slowly fails this way; if the machine was very busy, run again when it is quieter, or make the plan smaller.`,
    );
  }
  return figures;
}

/**
 * The time budget of a run, as a fast-check plugin: no case starts once the budget is spent (fast-check then reports
 * the run as interrupted), but the case running then is never cut short: it counts like any other. A case still
 * running `caseLimitMs` after it started is a failure, and no case (nor shrinking) starts after it.
 */
class Budget {
  #hung = false;

  constructor(
    private readonly deadline: number | undefined,
    private readonly caseLimitMs: number,
  ) {}

  readonly plugin: fc.Plugin<unknown> = () => ({
    decorateRun: (nestedRun) => (value) => {
      if (this.#hung || (this.deadline !== undefined && Date.now() >= this.deadline)) return new fc.PreconditionFailure(true) as never;
      return this.#bounded(nestedRun(value) as Promise<fc.PreconditionFailure | fc.PropertyFailure | null>) as never;
    },
  });

  async #bounded(run: Promise<fc.PreconditionFailure | fc.PropertyFailure | null>): Promise<fc.PreconditionFailure | fc.PropertyFailure | null> {
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<fc.PropertyFailure>((resolve) => {
      timer = setTimeout(() => {
        this.#hung = true;
        resolve({ error: new Error(`the case was still running ${this.caseLimitMs} ms after it started: a hang (not shrunk)`) });
      }, this.caseLimitMs);
    });
    try {
      return await Promise.race([run, overrun]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A counterexample short enough to read: byte arrays and long strings are summarised. */
export function describeCase(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Uint8Array) item = `<${item.length} bytes: ${Buffer.from(item.subarray(0, 120)).toString('latin1')}${item.length > 120 ? '…' : ''}>`;
    if (typeof item === 'string' && item.length > 200) return `${item.slice(0, 120)}… (${item.length} chars)`;
    return item;
  });
}

function freshSeed(): number {
  // fast-check takes a 32-bit integer seed.
  return (Date.now() ^ Math.floor(Math.random() * 0x1_0000_0000)) | 0;
}

function positiveInteger(text: string, name: string): number {
  const value = integer(text, name);
  if (value < 1) throw new Error(`${name} must be a positive whole number of cases, e.g. ${name}=100000; got ${JSON.stringify(text)}.`);
  return value;
}

function integer(text: string, name: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new Error(`${name} must be a whole number, e.g. ${name}=42; got ${JSON.stringify(text)}.`);
  return Number.parseInt(text, 10) | 0;
}
