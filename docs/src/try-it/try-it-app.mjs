// Try it in the reference page: the entry of the bundle the page imports when a reader first presses a Try it button.
// The answers come from the mock's own engine (@thumbnail-api/mock/browser) running here, with Try it's key registry:
// no request leaves the page, nothing is written to storage (what the reader typed is kept in memory, per operation,
// until the page goes). Each Send clears the mock's rules and journal and ends a request a hang still holds, puts the
// chosen fault's rule in force for that one request, and shows the answer and the forms to copy it in.
import { createBrowserMock } from '@thumbnail-api/mock/browser';
import { createContractModel } from '@thumbnail-api/spec/model';
import openapi from '@thumbnail-api/spec/openapi.json' with { type: 'json' };
import { MOCK_KEYS, SampleError } from '../samples/sample-request.mjs';
import { COPY_FORMS } from './try-it-copies.mjs';
import { readChoices, renderDialog } from './try-it-form.mjs';
import { ANSWERS_ATTRIBUTE, STATE_ATTRIBUTE } from './try-it-page.mjs';
import { defaultChoices, headerPairs, observe, TryItInputError, toFetchRequest, tryItRequest } from './try-it-request.mjs';
import { TRY_IT_CSS } from './try-it-styles.mjs';

/**
 * @typedef {import('../samples/sample-request.mjs').SampleRequest} SampleRequest
 * @typedef {import('../samples/vitest-sample.mjs').ObservedAnswer} ObservedAnswer
 * @typedef {import('./try-it-request.mjs').TryItChoices} TryItChoices
 */

const contract = createContractModel(openapi, { source: '@thumbnail-api/spec/openapi.json' });
const mock = createBrowserMock({ contract: openapi, keys: MOCK_KEYS, journalSize: 20 });
/** @type {Map<string, TryItChoices>} What the reader set, per operation, for this page's life. */
const remembered = new Map();
/** The headers the mock adds to say what it did: shown apart, as its notes. */
const NOTE_HEADER = /^x-thumbnail-api-mock-/;

/** @type {HTMLDialogElement | undefined} */
let dialog;
/** @type {HTMLElement | null} */
let opener = null;
let sends = 0;
/** @type {AbortController | undefined} */
let inFlight;

/**
 * Opens Try it for `operationId`; `from` gets the focus back when it closes.
 * @param {string} operationId
 * @param {HTMLElement} from
 */
export function open(operationId, from) {
  const operation = contract.operationById(operationId);
  if (operation === undefined) throw new Error(`Try it has no operation ${operationId} in the contract it was built with.`);
  const current = ensureDialog();
  if (current.open) current.close();
  opener = from;
  current.innerHTML = renderDialog(contract, operation, remembered.get(operationId) ?? defaultChoices(operation));
  current.setAttribute(STATE_ATTRIBUTE, 'idle');
  current.setAttribute(ANSWERS_ATTRIBUTE, '0');
  const form = /** @type {HTMLFormElement} */ (current.querySelector('form'));
  form.addEventListener('input', () => remembered.set(operationId, readChoices(form)));
  // The time limit is a hang's alone: shown only while the hang fault is chosen.
  const fault = /** @type {HTMLSelectElement} */ (form.querySelector('select[name="fault"]'));
  const limit = /** @type {HTMLElement} */ (form.querySelector('.try-it-limit'));
  fault.addEventListener('change', () => (limit.hidden = fault.value !== 'hang'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(current, operation, form);
  });
  /** @type {HTMLElement} */ (current.querySelector('.try-it-close')).addEventListener('click', () => current.close());
  current.showModal();
  /** @type {HTMLElement} */ (current.querySelector('input[name="key"]:checked')).focus();
}

function ensureDialog() {
  if (dialog) return dialog;
  const style = document.createElement('style');
  style.textContent = TRY_IT_CSS;
  document.head.append(style);
  dialog = document.createElement('dialog');
  dialog.className = 'try-it';
  dialog.setAttribute('aria-labelledby', 'try-it-title');
  dialog.setAttribute('aria-describedby', 'try-it-why');
  dialog.addEventListener('close', () => {
    inFlight?.abort();
    if (opener?.isConnected) opener.focus();
  });
  document.body.append(dialog);
  return dialog;
}

/**
 * Sends the form's request to the mock in this page and shows what came back.
 * @param {HTMLDialogElement} view
 * @param {import('@thumbnail-api/spec/model').ContractOperation} operation
 * @param {HTMLFormElement} form
 */
async function send(view, operation, form) {
  const error = /** @type {HTMLElement} */ (view.querySelector('.try-it-error'));
  const result = /** @type {HTMLElement} */ (view.querySelector('.try-it-result'));
  error.hidden = true;
  /** @type {SampleRequest} */
  let request;
  try {
    request = tryItRequest(contract, operation, readChoices(form));
  } catch (problem) {
    if (!(problem instanceof TryItInputError)) throw problem;
    error.textContent = problem.message;
    error.hidden = false;
    return;
  }
  const sent = ++sends;
  view.setAttribute(STATE_ATTRIBUTE, 'sending');
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const engine = await mock;
  // Nothing of an earlier request lingers: its rule, its journal entry, a request a hang still holds.
  engine.reset();
  if (request.rule !== undefined) await engine.rule(request.rule);
  const signal = request.timeoutMs === undefined ? controller.signal : AbortSignal.any([controller.signal, AbortSignal.timeout(request.timeoutMs)]);
  result.textContent = request.timeoutMs === undefined ? 'Sending to the mock in this page…' : `Waiting for the mock, at most ${request.timeoutMs / 1000} s…`;
  const answer = await observe(await engine.fetch(toFetchRequest(request, signal)), signal);
  if (sent !== sends || controller.signal.aborted) return;
  showAnswer(view, request, answer);
  view.setAttribute(STATE_ATTRIBUTE, 'answered');
  view.setAttribute(ANSWERS_ATTRIBUTE, String(Number(view.getAttribute(ANSWERS_ATTRIBUTE) ?? 0) + 1));
}

/**
 * @param {HTMLDialogElement} view
 * @param {SampleRequest} request
 * @param {ObservedAnswer} answer
 */
function showAnswer(view, request, answer) {
  const result = /** @type {HTMLElement} */ (view.querySelector('.try-it-result'));
  const details = /** @type {HTMLElement} */ (view.querySelector('.try-it-answer-body'));
  details.replaceChildren();
  result.replaceChildren(element('span', 'try-it-label', "The mock's answer, simulated in this page (not the service's):"));
  if (answer.kind === 'no-answer') {
    const what =
      answer.cause === 'reset'
        ? 'No answer: the connection was reset (fault=reset, simulated by the mock).'
        : `No answer within ${(request.timeoutMs ?? 0) / 1000} s: the request was given up (fault=hang, simulated by the mock: it never answers).`;
    result.append(' ', element('span', 'try-it-status', what));
  } else {
    result.append(' ', element('span', 'try-it-status', `${answer.status} ${answer.statusText}`.trim()));
    const notes = answer.headers.filter(([name]) => NOTE_HEADER.test(name));
    if (notes.length > 0) {
      details.append(element('h4', '', "The mock's notes"));
      const box = element('div', 'try-it-notes', '');
      box.setAttribute('role', 'note');
      for (const [name, value] of notes) box.append(element('p', '', `${name}: ${value}`));
      details.append(box);
    }
    details.append(element('h4', '', 'Headers'), code(answer.headers.map(([name, value]) => `${name}: ${value}`).join('\n'), 'Response headers'));
    details.append(element('h4', '', isJson(answer.body) ? 'Body' : 'Body (not JSON)'), code(pretty(answer.body) || '(empty)', 'Response body'));
  }
  const sentLines = [`${request.method} ${request.defaultBaseUrl}${request.path}`, ...sentHeaders(request).map(([name, value]) => `${name}: ${value}`)];
  details.append(
    element('h4', '', 'The request the mock got'),
    code(`${sentLines.join('\n')}${request.body === undefined ? '' : `\n\n${request.body}`}`, 'Request sent'),
  );
  showCopies(view, request, answer);
  // Below the form on a narrow window: bring the answer into view.
  result.scrollIntoView({ block: 'nearest' });
}

/**
 * @param {HTMLDialogElement} view
 * @param {SampleRequest} request
 * @param {ObservedAnswer} answer
 */
function showCopies(view, request, answer) {
  const section = /** @type {HTMLElement} */ (view.querySelector('.try-it-copy'));
  const select = /** @type {HTMLSelectElement} */ (section.querySelector('select'));
  const target = /** @type {HTMLElement} */ (section.querySelector('code'));
  const status = /** @type {HTMLElement} */ (section.querySelector('.try-it-copy-status'));
  const button = /** @type {HTMLButtonElement} */ (section.querySelector('.try-it-copy-button'));
  const write = () => {
    const form = COPY_FORMS.find(({ id }) => id === select.value) ?? COPY_FORMS[0];
    status.textContent = '';
    try {
      target.textContent = form ? form.write(request, answer) : '';
      button.disabled = false;
    } catch (problem) {
      if (!(problem instanceof SampleError)) throw problem;
      target.textContent = problem.message;
      button.disabled = true;
    }
  };
  select.onchange = write;
  button.onclick = () => {
    navigator.clipboard.writeText(target.textContent ?? '').then(
      () => (status.textContent = 'Copied.'),
      () => {
        // No clipboard (a page over plain http on another host): select the code for Ctrl+C.
        getSelection()?.selectAllChildren(target);
        status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
      },
    );
  };
  write();
  section.hidden = false;
}

/** The headers the page's mock got, as the Request holds them. */
function sentHeaders(/** @type {SampleRequest} */ request) {
  return headerPairs(toFetchRequest(request).headers);
}

/**
 * @param {string} tag
 * @param {string} className
 * @param {string} text
 */
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

/** A code block that scrolls, reachable with the keyboard. */
function code(/** @type {string} */ text, /** @type {string} */ label) {
  const pre = element('pre', '', '');
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', label);
  pre.append(element('code', '', text));
  return pre;
}

function isJson(/** @type {string} */ text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return text === '';
  }
}

function pretty(/** @type {string} */ text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
