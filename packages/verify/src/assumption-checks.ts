// The contract's assumptions held against the answers: which answers concern each one (its place in the contract and
// its `check`), what each such answer shows, and, at the end of the run, one verdict per assumption with its evidence.
import { type ContractAssumption, type ContractModel, type ContractOperation, statusMatches } from '@thumbnail-api/spec/model';
import type { Finding } from './findings.js';

/** What one answer showed about one assumption. */
export interface Observation {
  readonly exchange: number;
  readonly outcome: 'confirmed' | 'contradicted';
  /** The answer in a few words, e.g. `POST /api/thumbnails (a body without prompt) → 200`, and what it broke. */
  readonly detail: string;
}

/** An answer as the checks read it. */
export interface AnsweredProbe {
  readonly exchange: number;
  readonly kind: string;
  readonly operation: ContractOperation;
  readonly status: number;
  /** The pointer of the response the contract documents for the status (exact, range or `default`). */
  readonly responsePointer: string | undefined;
  /** What Prism's response check found (empty: the answer fits what the contract documents for its status). */
  readonly responseFindings: readonly string[];
  /** A 429 (or 503 with Retry-After): says nothing about the probe's own request. */
  readonly pushback: boolean;
  readonly summary: string;
}

/** Whether an assumption placed where it is can concern an answer of `operation` documented by the response at `responsePointer`. */
export function appliesTo(model: ContractModel, assumption: ContractAssumption, operation: ContractOperation, responsePointer: string | undefined): boolean {
  const at = assumption.pointer;
  if (at === '' || at === '/info' || at === operation.pointer || at === responsePointer) return true;
  // On a schema or other component: when the operation's request body, or the response of the answer, uses it.
  const users = [operation.requestBody?.object, responsePointer === undefined ? undefined : model.get(responsePointer)];
  return at.startsWith('/components/') && users.some((user) => user !== undefined && model.referencesFrom(user).has(at));
}

/** What `answer` shows about `assumption`, or `undefined` when it does not test it. */
export function observe(model: ContractModel, assumption: ContractAssumption, answer: AnsweredProbe): Observation | undefined {
  const check = assumption.check;
  if (check === undefined || !appliesTo(model, assumption, answer.operation, answer.responsePointer)) return undefined;
  if (check.probes !== undefined && (answer.pushback || !check.probes.includes(answer.kind))) return undefined;
  if (check.answers !== undefined && !check.answers.some((pattern) => statusMatches(pattern, answer.status))) return undefined;
  const wrongStatus = check.confirmedBy.status !== undefined && !check.confirmedBy.status.some((pattern) => statusMatches(pattern, answer.status));
  const unfit = check.confirmedBy.conforms && answer.responseFindings.length > 0;
  if (!wrongStatus && !unfit) return { exchange: answer.exchange, outcome: 'confirmed', detail: answer.summary };
  const why = [...(wrongStatus ? [`the contract assumes ${check.confirmedBy.status!.join(' or ')}`] : []), ...(unfit ? answer.responseFindings : [])];
  return { exchange: answer.exchange, outcome: 'contradicted', detail: `${answer.summary}: ${why.join('; ')}` };
}

/** Why an assumption was not tested, when the run is over. */
export interface UntestedContext {
  /** The probe kinds that were sent (with an answer or not), by operation pointer. */
  readonly sentKinds: ReadonlyMap<string, ReadonlySet<string>>;
  /** Why probes of a kind were not sent, e.g. `Not sent: the POST budget (--allow-billing 2) was spent on the POSTs before it.` */
  readonly skippedBecause: ReadonlyMap<string, string>;
}

/** One finding per assumption: contradicted (any answer contradicts it), confirmed, or untested with the reason. */
export function judgeAssumptions(
  model: ContractModel,
  assumptions: readonly ContractAssumption[],
  observations: ReadonlyMap<string, readonly Observation[]>,
  context: UntestedContext,
): Finding[] {
  return assumptions.map((assumption) => {
    const seen = observations.get(assumption.id) ?? [];
    const about = { id: assumption.id, text: assumption.text, pointer: assumption.pointer };
    const base = { check: assumption.id, operation: undefined, assumption: about };
    // Each answer that decided it is a symptom: the assumption is one finding, however many answers showed it.
    const shownBy = (observations: readonly Observation[]) => ({
      evidence: observations.map((observation) => observation.exchange),
      symptoms: observations.map((observation) => ({
        check: assumption.id,
        request: observation.detail,
        message: observation.detail,
        evidence: [observation.exchange],
      })),
    });
    const against = seen.filter((observation) => observation.outcome === 'contradicted');
    if (against.length > 0) {
      const answers = against.length === 1 ? 'an answer' : `${against.length} answers`;
      return { ...base, class: 'assumption-contradicted', message: `${assumption.text} Contradicted by ${answers}.`, ...shownBy(against) };
    }
    if (seen.length > 0) {
      const answers = seen.length === 1 ? 'an answer' : `${seen.length} answers`;
      return { ...base, class: 'assumption-confirmed', message: `${assumption.text} Confirmed by ${answers}.`, ...shownBy(seen) };
    }
    const reason = untestedReason(model, assumption, context);
    return { ...base, class: 'assumption-untested', message: `${assumption.text} Untested: ${reason}`, evidence: [], symptoms: [] };
  });
}

function untestedReason(model: ContractModel, assumption: ContractAssumption, context: UntestedContext): string {
  const check = assumption.check;
  if (check === undefined) return 'no answer of the service can show this; it is about the contract itself.';
  const operations = model.operations.filter(
    (operation) => appliesTo(model, assumption, operation, undefined) || assumption.pointer.startsWith('/components/responses/'),
  );
  const wanted = check.probes ?? [];
  const sent = wanted.filter((kind) => operations.some((operation) => context.sentKinds.get(operation.pointer)?.has(kind)));
  const statuses = check.answers === undefined ? '' : ` with a status in ${check.answers.join(', ')}`;
  if (wanted.length > 0 && sent.length === 0) {
    const reasons = [
      ...new Set(
        wanted
          .map((kind) =>
            context.skippedBecause
              .get(kind)
              ?.replace(/^Not sent: /, '')
              .replace(/\.$/, ''),
          )
          .filter((reason) => reason !== undefined),
      ),
    ];
    return `it needs an answer to ${wanted.join(' or ')}, and none was sent${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}.`;
  }
  return `no answer${wanted.length > 0 ? ` to ${wanted.join(' or ')}` : ''}${statuses} came back.`;
}
