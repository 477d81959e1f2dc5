// What the answers showed, grouped by cause: one finding per drift, with every request that showed it as a symptom.
// The same drift seen through each way of sending the key (and each key form's retry) is one finding; a body's schema
// errors on an answer whose media type or status already broke the contract follow from that, and are listed under it.
import type { Finding, Observed, Symptom } from './findings.js';

/** Checks that explain the schema errors of the same answer: its body was not what the contract says to read. */
const ROOT_CHECKS = new Set(['content_type_conformance', 'status_code_conformance']);
/** Checks whose findings on such an answer follow from it. */
const DERIVED_CHECKS = new Set(['response_schema_conformance']);

/** One finding per cause (class, check, operation, location and the cause's words), in the order first seen. */
export function groupByCause(observed: readonly Observed[]): Finding[] {
  const roots = new Map<number, Observed>();
  for (const item of observed) {
    if (item.class !== 'contract-violation' || !ROOT_CHECKS.has(item.check)) continue;
    for (const exchange of item.evidence) if (!roots.has(exchange)) roots.set(exchange, item);
  }
  const groups = new Map<string, { head: Observed; symptoms: Symptom[] }>();
  for (const item of observed) {
    const derivable = item.class === 'contract-violation' && DERIVED_CHECKS.has(item.check);
    const root = derivable ? item.evidence.map((exchange) => roots.get(exchange)).find((found) => found !== undefined) : undefined;
    const head = root ?? item;
    const key = JSON.stringify([head.class, head.check, head.operation, head.location ?? '', head.cause]);
    const group = groups.get(key) ?? { head, symptoms: [] };
    groups.set(key, group);
    const location = item.location === undefined ? {} : { location: item.location };
    const symptom = { check: item.check, request: item.request, message: item.message, ...location, evidence: item.evidence };
    addSymptom(group.symptoms, root ? { ...symptom, derived: true } : symptom);
  }
  return [...groups.values()].map(({ head, symptoms }) => ({
    class: head.class,
    check: head.check,
    message: head.cause,
    operation: head.operation,
    ...(head.location === undefined ? {} : { location: head.location }),
    evidence: [...new Set(symptoms.flatMap((symptom) => symptom.evidence))].sort((a, b) => a - b),
    // What shows the cause first, then what follows from it.
    symptoms: [...symptoms.filter((symptom) => !symptom.derived), ...symptoms.filter((symptom) => symptom.derived)],
  }));
}

/** A symptom said the same way twice (a GET sent again after a Retry-After) is one, with both exchanges. */
function addSymptom(symptoms: Symptom[], symptom: Symptom): void {
  const same = symptoms.findIndex((known) => known.check === symptom.check && known.message === symptom.message);
  if (same === -1) symptoms.push(symptom);
  else symptoms[same] = { ...symptoms[same]!, evidence: [...symptoms[same]!.evidence, ...symptom.evidence] };
}
