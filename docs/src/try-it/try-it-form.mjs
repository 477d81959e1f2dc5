// Try it's dialog and form: native controls only (a modal <dialog>, fieldsets of radios, selects, textareas), so the
// keyboard, screen readers and a 390 px window work as they do everywhere; and the choices read back from it.
import { escapeHtml } from '../site-layout.mjs';
import { COPY_FORMS } from './try-it-copies.mjs';
import { documentedAnswers, FAULT_CHOICES, KEY_CHOICES, KEY_FORMS, TIME_LIMIT } from './try-it-request.mjs';

/**
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 * @typedef {import('@thumbnail-api/spec/model').ContractOperation} ContractOperation
 * @typedef {import('./try-it-request.mjs').TryItChoices} TryItChoices
 */

/** Where a reader learns how to test against the real service instead. */
const TESTING_GUIDE = 'testing.html';

/**
 * The dialog's markup for `operation`, its fields holding `choices`.
 * @param {ContractModel} contract
 * @param {ContractOperation} operation
 * @param {TryItChoices} choices
 */
export function renderDialog(contract, operation, choices) {
  const title = escapeHtml(operation.summary ?? operation.operationId ?? '');
  const radios = (/** @type {string} */ name, /** @type {readonly { value: string, label: string, hint: string }[]} */ items, /** @type {string} */ checked) =>
    items
      .map(
        ({ value, label, hint }) =>
          `<label><input type="radio" name="${name}" value="${value}"${value === checked ? ' checked' : ''}><span><code>${escapeHtml(label)}</code>${hint ? ` <span class="try-it-hint">${escapeHtml(hint)}</span>` : ''}</span></label>`,
      )
      .join('');
  const options = (/** @type {readonly { value: string, label: string }[]} */ items, /** @type {string} */ selected) =>
    items.map(({ value, label }) => `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`).join('');
  const answers = [{ value: '', label: 'What the contract answers (no Prefer header)' }, ...documentedAnswers(contract, operation)];
  const body =
    choices.body === undefined
      ? ''
      : `<label class="try-it-field" for="try-it-body">Body (JSON)</label><textarea id="try-it-body" name="body" rows="5" spellcheck="false" autocomplete="off">${escapeHtml(choices.body)}</textarea>`;
  return `<div class="try-it-inner">
<div class="try-it-head"><h2 id="try-it-title">Try it: ${title}</h2><button type="button" class="try-it-close">Close</button></div>
<p class="try-it-operation"><code>${operation.method.toUpperCase()} ${escapeHtml(operation.path)}</code>, answered by the mock (<code>@thumbnail-api/mock</code>'s engine) running in this page: no request leaves it, and nothing is stored.</p>
<p class="try-it-why" id="try-it-why">There is no real-service mode: a call from this page would put your API key in a web page and generate (and bill) a real thumbnail, so call the service from your own code, as <a href="${TESTING_GUIDE}">Testing your integration</a> shows.</p>
<div class="try-it-columns">
<form class="try-it-form" novalidate aria-label="The request">
<fieldset><legend>API key, from the mock's key registry</legend>${radios('key', KEY_CHOICES, choices.key)}</fieldset>
<fieldset><legend>Send the key as</legend>${radios('keyForm', KEY_FORMS, choices.keyForm)}</fieldset>
<label class="try-it-field" for="try-it-answer">Documented answer</label>
<select id="try-it-answer" name="answer" aria-describedby="try-it-answer-hint">${options(answers, choices.answer)}</select>
<p class="try-it-hint" id="try-it-answer-hint">Asked for with <code>Prefer: code=…, example=…</code>, as the mock takes it.</p>
<label class="try-it-field" for="try-it-fault">Test double fault, for this request</label>
<select id="try-it-fault" name="fault">${options(FAULT_CHOICES, choices.fault)}</select>
<div class="try-it-limit"${choices.fault === 'hang' ? '' : ' hidden'}>
<label class="try-it-field" for="try-it-limit">Time limit of the hang, in seconds</label>
<input id="try-it-limit" name="timeLimit" type="number" inputmode="numeric" min="${TIME_LIMIT.min}" max="${TIME_LIMIT.max}" step="1" value="${choices.timeLimitSeconds}">
</div>
<label class="try-it-field" for="try-it-headers">Other headers, one <code>Name: value</code> a line</label>
<textarea id="try-it-headers" name="headers" rows="3" spellcheck="false" autocomplete="off">${escapeHtml(choices.headers)}</textarea>
${body}
<p class="try-it-error" role="alert" hidden></p>
<div class="try-it-actions"><button type="submit" class="try-it-send">Send to the mock</button><span class="try-it-hint">Nothing leaves this page.</span></div>
</form>
<div class="try-it-response">
<section class="try-it-answer" aria-labelledby="try-it-answer-title">
<h3 id="try-it-answer-title">The mock's answer</h3>
<p class="try-it-result" role="status">Nothing sent yet: press Send.</p>
<div class="try-it-answer-body"></div>
</section>
<section class="try-it-copy" aria-labelledby="try-it-copy-title" hidden>
<h3 id="try-it-copy-title">Copy what you sent</h3>
<label class="try-it-field" for="try-it-copy-form">As</label>
<select id="try-it-copy-form" name="copyForm">${options(
    COPY_FORMS.map(({ id, label }) => ({ value: id, label })),
    'curl',
  )}</select>
<div class="try-it-actions"><button type="button" class="try-it-copy-button">Copy</button><span class="try-it-copy-status" role="status"></span></div>
<pre class="try-it-copy-code" tabindex="0" aria-label="The code to copy"><code></code></pre>
</section>
</div>
</div>
</div>`;
}

/**
 * The choices the form holds now.
 * @param {HTMLFormElement} form
 * @returns {TryItChoices}
 */
export function readChoices(form) {
  const data = new FormData(form);
  const text = (/** @type {string} */ name) => String(data.get(name) ?? '');
  return {
    key: /** @type {TryItChoices['key']} */ (text('key')),
    keyForm: /** @type {TryItChoices['keyForm']} */ (text('keyForm')),
    answer: text('answer'),
    fault: /** @type {TryItChoices['fault']} */ (text('fault')),
    timeLimitSeconds: Number(text('timeLimit')),
    headers: text('headers'),
    body: data.has('body') ? text('body') : undefined,
  };
}
