// What a code sample sends, as data: the reference's samples and every form Try it copies are made from one of these
// by the generators beside this file, and the tests run what the generators write. Pure, so that the build, the
// tests and the page share it.

/**
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 * @typedef {import('@thumbnail-api/spec/model').ContractOperation} ContractOperation
 * @typedef {import('@thumbnail-api/mock/browser').MockRule<import('@thumbnail-api/mock/browser').AnyOperations>} MockRule
 * @typedef {'x-api-key' | 'bearer'} KeyForm
 * @typedef {{ from: 'environment' } | { mockKey: string, outcome: 'ok' | 'unauthorized' | 'forbidden' } | null} KeySource
 *   The reader's key from `THUMBNAIL_API_KEY`; a key of the mock's registry ({@link MOCK_KEYS}); or none.
 */

/**
 * @typedef {object} SampleRequest
 * @property {string} operationId
 * @property {string} method Upper case.
 * @property {string} path Under the base URL, e.g. `/api/thumbnails`.
 * @property {string} defaultBaseUrl Where the samples send it when `THUMBNAIL_API_BASE_URL` is not set: the contract's server default.
 * @property {KeySource} key
 * @property {KeyForm} keyForm How the key is sent: `x-api-key: <key>` or `Authorization: Bearer <key>`.
 * @property {[string, string][]} headers Every other request header, as sent (`Accept`, `Content-Type`, `Prefer`, ...).
 * @property {string | undefined} body The body as sent (text); `undefined` for none.
 * @property {MockRule | undefined} rule A rule the mock puts in force before the request (Try it's faults); samples for the service have none.
 * @property {number | undefined} timeoutMs How long to wait for the answer; `undefined`: the runtime's or client's default.
 */

/** The key registry of Try it's mock, and of the mock its copies run against: mock keys, never service keys. */
export const MOCK_KEYS = Object.freeze({ 'try-it-ok': 'ok', 'try-it-unauthorized': 'unauthorized', 'try-it-forbidden': 'forbidden' });

/** What each outcome of the registry means, in the words of the errors guide. */
export const KEY_OUTCOME_MEANING = Object.freeze({
  ok: 'a key the mock accepts',
  unauthorized: 'a key the mock treats as missing or invalid (401)',
  forbidden: 'a key the mock treats as having no access (403)',
});

/** A sample that cannot be written for this request (e.g. the client sends only JSON bodies); its message says what to use instead. */
export class SampleError extends Error {
  name = 'SampleError';
}

/**
 * The contract's server URL with its variables' defaults filled in (`{base_url}` → `http://127.0.0.1:4010`).
 * @param {ContractModel} contract
 */
export function defaultBaseUrlOf(contract) {
  const servers = /** @type {{ url?: unknown, variables?: Record<string, { default?: unknown }> }[] | undefined} */ (contract.document.servers);
  const server = servers?.[0];
  if (typeof server?.url !== 'string') throw new Error('The contract has no server URL: the samples need a default address to send their requests to.');
  return server.url.replace(/\{([^}]+)\}/g, (_, /** @type {string} */ name) => String(server.variables?.[name]?.default ?? ''));
}

/**
 * The JSON example of an operation's request body (its first named example, else `example`), as text; `undefined`
 * for an operation without a JSON body.
 * @param {ContractOperation} operation
 * @param {{ pretty?: boolean }} [options]
 */
export function exampleBodyOf(operation, { pretty = false } = {}) {
  const json = operation.requestBody?.content.find((entry) => /^application\/(?:[\w.+-]+\+)?json$/i.test(entry.mediaType));
  if (!json) return undefined;
  const example = json.examples[0];
  if (!example)
    throw new Error(`${operation.operationId} documents a JSON request body without an example: the samples send the contract's example, so add one.`);
  return pretty ? JSON.stringify(example.value, null, 2) : JSON.stringify(example.value);
}

/**
 * The request the reference's samples send: the contract's example body, the reader's key from the environment,
 * asking for JSON.
 * @param {ContractModel} contract
 * @param {ContractOperation} operation
 * @param {KeyForm} keyForm
 * @returns {SampleRequest}
 */
export function referenceRequest(contract, operation, keyForm) {
  if (operation.operationId === undefined)
    throw new Error(`${operation.method.toUpperCase()} ${operation.path} has no operationId: the samples are named after it.`);
  const body = exampleBodyOf(operation);
  /** @type {[string, string][]} */
  const headers = [['Accept', 'application/json']];
  if (body !== undefined) headers.push(['Content-Type', 'application/json']);
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    defaultBaseUrl: defaultBaseUrlOf(contract),
    key: { from: 'environment' },
    keyForm,
    headers,
    body,
    rule: undefined,
    timeoutMs: undefined,
  };
}

/**
 * The header that carries the key, with `value` standing for the key (a literal, or a variable's reference).
 * @param {KeyForm} keyForm
 * @param {string} value
 * @returns {[string, string]}
 */
export function keyHeader(keyForm, value) {
  return keyForm === 'bearer' ? ['Authorization', `Bearer ${value}`] : ['x-api-key', value];
}

/**
 * What a sample says about the key it sends, as a comment line (without the comment marker); `undefined` for the reader's own key.
 * @param {KeySource} key
 */
export function keyNote(key) {
  if (key === null) return 'No API key: the mock answers 401, as the service does.';
  if ('mockKey' in key) return `${key.mockKey}: ${KEY_OUTCOME_MEANING[key.outcome]}, from its key registry (a mock key, never a service key).`;
  return undefined;
}

/**
 * Whether the request is meant for the mock (a mock key, no key, or a rule to put in force) rather than the service.
 * @param {SampleRequest} request
 */
export function isForTheMock(request) {
  return request.key === null || 'mockKey' in request.key || request.rule !== undefined;
}

/**
 * The comment lines (without the comment marker) a sample starts with: where it sends the request and where the key
 * comes from; for the mock, how to start it with Try it's key registry.
 * @param {SampleRequest} request
 * @returns {string[]}
 */
export function introLines(request) {
  if (!isForTheMock(request)) return ["Your API key from THUMBNAIL_API_KEY, and the service's address from THUMBNAIL_API_BASE_URL (default: the local mock)."];
  return [
    'Sends what Try it sent, to the mock at THUMBNAIL_API_BASE_URL (default: the local mock), started with',
    "Try it's key registry of mock keys:",
    `  echo '${JSON.stringify(MOCK_KEYS)}' > try-it-keys.json`,
    '  npx @thumbnail-api/mock --keys try-it-keys.json',
  ];
}

/** The comment above a rule's setup: what it does. */
export const RULE_NOTE = 'The rule Try it put in force: the next request gets its answer, simulated by the mock (never by the service).';

/** What every sample prints (to standard error) for the two errors the service documents, as the errors guide handles them. */
export const DOCUMENTED_ERRORS = Object.freeze({
  401: '401 Unauthorized: the API key is missing or invalid.',
  403: '403 Forbidden: the API key has no access to this resource.',
});

/** What every sample prints before the status and body of an error the service does not document. */
export const UNDOCUMENTED_ERROR = 'Undocumented error';
