// One answer, judged: what the contract proxy's check (Prism's validators) finds, what the probe's credentials
// call for (the documented 401 and 403), what it shows about the assumptions, what the contract leaves open, and how
// it differs from what an accepted overlay saw. A finding on a status the contract covers only by a range or
// `default` belongs to the assumption that answer contradicts, when there is one: that description is itself assumed.

import type { ContractCheck } from '@thumbnail-api/mock/contract-check';
import type { ContractAssumption, ContractModel } from '@thumbnail-api/spec/model';
import { FORBIDDEN_KEY_VARIABLE } from '@thumbnail-api/spec/profile';
import { type AnsweredProbe, type Observation, observe } from './assumption-checks.js';
import type { Observed } from './findings.js';
import { notShownIn } from './not-shown.js';
import { type AnswerToCompare, driftOf, type ObservedAnswers, type SchemaCheck } from './observed-drift.js';
import { keyWay, type Probe } from './probe-plan.js';
import type { OutgoingRequest, SendOutcome } from './send-request.js';

/** One thing the contract proxy's check found (its finding vocabulary: violation, undocumented, unchecked). */
type ContractFinding = ReturnType<ContractCheck['check']>['findings'][number];

export interface JudgeContext {
  readonly model: ContractModel;
  readonly check: ContractCheck;
  readonly assumptions: readonly ContractAssumption[];
  readonly observed: { readonly answers: ObservedAnswers; readonly validate: SchemaCheck } | undefined;
}

export interface Judgement {
  /** What the answer showed, each with its cause (the run groups them: group-by-cause.ts). */
  readonly findings: Observed[];
  readonly observations: { readonly assumption: string; readonly observation: Observation }[];
  /** What the contract says about the request as sent. */
  readonly requestNotes: string[];
}

/** Judges the answer to `probe` (exchange `index`). */
export function judgeAnswer(
  context: JudgeContext,
  probe: Probe,
  index: number,
  request: OutgoingRequest,
  answer: Extract<SendOutcome, { kind: 'answered' }>,
  pushback: boolean,
): Judgement {
  const { model } = context;
  const operation = probe.operation;
  const named = `${probe.method} ${probe.path} (${probe.title})`;
  const at = `${named} → ${answer.status}`;
  // The cause, whichever way the key went: the same drift seen by each key form is one finding.
  const anyKey = `${probe.method} ${probe.path} → ${answer.status}`;
  const findings: Observed[] = [];
  /** Adds what the answer showed; `causeAt` names the request in the cause when the request itself is the cause. */
  const add = (finding: Pick<Observed, 'class' | 'check' | 'location'>, detail: string, causeAt = anyKey) =>
    findings.push({
      ...finding,
      cause: `${causeAt}: ${detail}`,
      message: `${at}: ${detail}`,
      request: at,
      operation: probe.operationName,
      evidence: [index],
    });

  const checked = context.check.check({
    method: probe.method,
    url: probe.path,
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])),
    body: request.body,
    response: { status: answer.status, headers: answer.headers, body: answer.body },
  });
  const requestNotes = checked.findings.filter((finding) => finding.location.startsWith('request')).map((finding) => `${finding.location}: ${finding.message}`);
  if (answer.truncated) {
    add({ class: 'not-checked', check: 'truncated' }, 'the body is longer than verify reads, so it was not checked.');
  }
  const unchecked = checked.findings.filter((finding) => finding.kind === 'unchecked' && finding.location.startsWith('response'));
  for (const finding of unchecked) add({ class: 'not-checked', check: 'unchecked' }, finding.message);
  const responseFindings = answer.truncated
    ? []
    : checked.findings.filter((finding) => finding.kind === 'violation' && finding.location.startsWith('response'));

  if (!pushback) {
    // What the probe's credentials call for is about this request: no key and a made-up key are two findings.
    const expected = credentialsFinding(probe, answer.status);
    if (expected !== undefined) add(expected, expected.message, at);
  }

  const matched = operation.response(answer.status);
  const answered: AnsweredProbe = {
    exchange: index,
    kind: probe.kind,
    operation,
    status: answer.status,
    responsePointer: matched?.pointer,
    responseFindings: responseFindings.map((finding) => `${finding.location}: ${finding.message}`),
    pushback,
    summary: `${probe.method} ${probe.path} (${pushback ? 'pushed back' : probe.title}) → ${answer.status}`,
  };
  const observations = answer.truncated
    ? []
    : context.assumptions.flatMap((assumption) => {
        const observation = observe(model, assumption, answered);
        return observation === undefined ? [] : [{ assumption: assumption.id, observation }];
      });
  const explained = matched?.status !== String(answer.status) && observations.some(({ observation }) => observation.outcome === 'contradicted');
  if (!explained) for (const finding of responseFindings) add(violation(finding), finding.message);

  const mediaType = headerText(answer.headers['content-type'])?.split(';')[0]?.trim().toLowerCase();
  const json = parseJson(answer.body, mediaType, answer.truncated);
  const headerNames = Object.keys(answer.headers);
  if (!answer.truncated) {
    findings.push(
      ...notShownIn(model, {
        exchange: index,
        request: named,
        operation,
        operationName: probe.operationName,
        status: answer.status,
        headerNames,
        json: json.value,
      }),
    );
  }
  // A success to a body the contract refuses already contradicts an assumption; it is no drift from what valid calls got.
  const refusedBody = ['missing-required-field', 'wrong-type-field', 'malformed-json', 'unsupported-media-type'].includes(probe.kind) && answer.status < 400;
  if (context.observed !== undefined && !answer.truncated && !pushback && !refusedBody) {
    const compared: AnswerToCompare = {
      exchange: index,
      request: named,
      operation,
      operationName: probe.operationName,
      kind: probe.kind,
      status: answer.status,
      mediaType,
      headerNames,
      json: json.value,
      isJson: json.isJson,
    };
    findings.push(...driftOf(context.observed.answers, compared, context.observed.validate));
  }
  return { findings, observations, requestNotes };
}

/** Prism's finding as a contract violation, named for what it means. */
function violation(finding: ContractFinding): Pick<Observed, 'class' | 'check' | 'location'> {
  const check = finding.location.startsWith('response.body')
    ? 'response_schema_conformance'
    : finding.location.startsWith('response.headers')
      ? 'response_headers_conformance'
      : /media type/i.test(finding.message)
        ? 'content_type_conformance'
        : 'status_code_conformance';
  return { class: 'contract-violation', check, location: finding.location };
}

/** What the probe's credentials call for, when the status is not it: the documented 401 and 403, and a key accepted. */
function credentialsFinding(probe: Probe, status: number): (Pick<Observed, 'class' | 'check'> & { message: string }) | undefined {
  const documents = (code: string) => probe.operation.responses.some((response) => response.status === code);
  const success = status >= 200 && status < 300;
  switch (probe.kind) {
    case 'no-key':
    case 'invalid-key': {
      const what = probe.kind === 'no-key' ? 'no key' : 'a key it never issued';
      if (success)
        return { class: 'contract-violation', check: 'ignored_auth', message: `the service answered ${what} with success; the contract documents 401.` };
      if (documents('401') && status !== 401)
        return { class: 'contract-violation', check: 'auth_status_conformance', message: `the contract documents 401 for ${what}.` };
      return undefined;
    }
    case 'forbidden-key':
      if (success) {
        return {
          class: 'contract-violation',
          check: 'ignored_auth',
          message: `${FORBIDDEN_KEY_VARIABLE} got a success; the contract documents 403 for a key without access (if this key has access here, give one that has not).`,
        };
      }
      if (documents('403') && status !== 403)
        return { class: 'contract-violation', check: 'auth_status_conformance', message: 'the contract documents 403 for a key without access.' };
      return undefined;
    case 'valid-request':
      if ((status === 401 || status === 403) && probe.credentials.send === 'key') {
        const how = keyWay(probe.credentials.forms[0]!);
        return { class: 'contract-violation', check: 'auth_scheme_refused', message: `the key was refused ${how}, a way the contract documents.` };
      }
      return undefined;
    case 'both-schemes':
      if (!success) return { class: 'not-shown', check: 'both_schemes', message: 'the contract does not say what happens when both headers are sent.' };
      return undefined;
    default:
      return undefined;
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(body: Buffer, mediaType: string | undefined, truncated: boolean): { value: unknown; isJson: boolean } {
  if (truncated || mediaType === undefined || !/[/+]json$/.test(mediaType)) return { value: undefined, isJson: false };
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown, isJson: true };
  } catch {
    return { value: undefined, isJson: false };
  }
}
