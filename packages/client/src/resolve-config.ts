// Turns options and environment variables into a checked configuration, failing early with a message that
// names the option or variable to fix, as the runtime passes it. No message ever contains the key.
import { assertKeyMayTravel } from './auth.js';
import { isBrowser } from './browser-detection.js';
import { ConfigurationError, RequestArgumentError } from './errors.js';
import { HEADER_NAME, HEADER_VALUE } from './http-syntax.js';
import { LOG_LEVELS, type LogLevel } from './log.js';
import type { AuthMethod, FetchFunction, RequestOptions, ThumbnailClientLogger, ThumbnailClientOptions } from './options.js';
import { detectRuntime, identityHeaders, type Runtime } from './runtime-identity.js';
import { type EnvironmentSetting, readEnvironment, readIfAllowed, settingsSource } from './runtime-permissions.js';
import { warn } from './safe-logger.js';

/** The checked configuration of a client. */
export interface ResolvedConfig {
  apiKey: string;
  baseUrl: string;
  auth: AuthMethod;
  /** `undefined`: the global `fetch`, looked up per call so that one installed later (tracing, a proxy agent) is used too. */
  fetch: FetchFunction | undefined;
  headers: Record<string, string>;
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  maxResponseBytes: number;
  /** `undefined`: no limit on the whole call, only on each attempt. */
  totalTimeoutMs: number | undefined;
  logger: ThumbnailClientLogger | undefined;
  /** The built-in log's level, from THUMBNAIL_API_LOG, when there is no `logger`. */
  logLevel: LogLevel | undefined;
  allowInsecureHttp: boolean;
}

/** A numeric option's bounds, named in its errors (past them a value is a slip, such as seconds for milliseconds, not a setting), and its default. */
interface NumberRule {
  min: number;
  max: number;
  /** The maximum in words, for the error, e.g. ` (1 hour)`. */
  named: string;
  fallback?: number;
  /** Whether a call may set it too. */
  perCall: boolean;
}

// Every option of new ThumbnailClient(), in the order errors list them; for the numeric ones, their bounds and defaults
// (our choice: the service documents no time-outs or rate limits; see the README).
const CLIENT_OPTIONS = {
  apiKey: null,
  baseUrl: null,
  auth: null,
  fetch: null,
  headers: null,
  timeoutMs: { min: 1, max: 3_600_000, named: ' (1 hour)', fallback: 60_000, perCall: true },
  maxRetries: { min: 0, max: 10, named: '', fallback: 2, perCall: true },
  retryDelayMs: { min: 0, max: 600_000, named: ' (10 minutes)', fallback: 500, perCall: false },
  maxRetryDelayMs: { min: 0, max: 600_000, named: ' (10 minutes)', fallback: 30_000, perCall: false },
  maxResponseBytes: { min: 1, max: 1_073_741_824, named: ' (1 GiB)', fallback: 10 * 1024 * 1024, perCall: true },
  totalTimeoutMs: { min: 1, max: 3_600_000, named: ' (1 hour)', perCall: true },
  logger: null,
  dangerouslyAllowBrowser: null,
  allowInsecureHttp: null,
} as const satisfies Record<keyof ThumbnailClientOptions, NumberRule | null>;

type OptionName = keyof typeof CLIENT_OPTIONS;
type NumericOption = { [K in OptionName]: (typeof CLIENT_OPTIONS)[K] extends NumberRule ? K : never }[OptionName];
const OPTION_NAMES = Object.keys(CLIENT_OPTIONS) as OptionName[];
const NUMERIC_CALL_OPTIONS = OPTION_NAMES.filter((name): name is NumericOption => CLIENT_OPTIONS[name]?.perCall === true);
const CALL_OPTIONS = [...NUMERIC_CALL_OPTIONS, 'signal', 'headers'];

/** Makes the error for a wrong option: a ConfigurationError for the client's, a RequestArgumentError for a call's. */
type Refuse = (message: string, option: string) => ConfigurationError;
const refuseOption: Refuse = (message) => new ConfigurationError(message);
const refuseCallOption: Refuse = (message, option) => new RequestArgumentError(message, `options.${option}`);

const KEY_HEADERS = new Set(['x-api-key', 'authorization']);
const ENV_SETTINGS: ReadonlyArray<EnvironmentSetting & { option: 'apiKey' | 'baseUrl' }> = [
  { variable: 'THUMBNAIL_API_KEY', option: 'apiKey' },
  { variable: 'THUMBNAIL_API_BASE_URL', option: 'baseUrl' },
];

/** Checks the options of `new ThumbnailClient()`, falling back to `THUMBNAIL_API_KEY` / `THUMBNAIL_API_BASE_URL`. */
export function resolveConfig(options: ThumbnailClientOptions): ResolvedConfig {
  if (options === null || typeof options !== 'object') throw new ConfigurationError('new ThumbnailClient() takes an options object, e.g. { baseUrl }.');
  checkKnownKeys(options, OPTION_NAMES, 'new ThumbnailClient()', refuseOption);
  if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
    throw new ConfigurationError(
      'Refusing to run in a browser: every visitor could read the API key (the service says keys belong in server-side code only). ' +
        'Call the API from your server, or pass dangerouslyAllowBrowser: true if you accept that risk.',
    );
  }
  const runtime = detectRuntime();
  // Only what the options leave out is read: Deno asks for a permission per variable.
  const env = readEnvironment(ENV_SETTINGS.filter((setting) => options[setting.option] == null));
  const apiKey = checkApiKey(
    options.apiKey ?? env.THUMBNAIL_API_KEY,
    options.apiKey == null ? 'The THUMBNAIL_API_KEY environment variable' : 'The apiKey option',
    runtime,
  );
  const allowInsecureHttp = checkBoolean(options.allowInsecureHttp, 'allowInsecureHttp');
  checkBoolean(options.dangerouslyAllowBrowser, 'dangerouslyAllowBrowser');
  const baseUrl = checkBaseUrl(options.baseUrl ?? env.THUMBNAIL_API_BASE_URL, options.baseUrl == null ? 'THUMBNAIL_API_BASE_URL' : 'baseUrl', apiKey, runtime);
  assertKeyMayTravel(new URL(baseUrl), allowInsecureHttp);

  const auth = options.auth ?? 'x-api-key';
  if (auth !== 'x-api-key' && auth !== 'bearer') throw new ConfigurationError(`auth must be 'x-api-key' or 'bearer', got ${describe(auth)}.`);
  const fetch = options.fetch;
  if (typeof (fetch ?? globalThis.fetch) !== 'function') {
    throw new ConfigurationError('No fetch function: pass the fetch option (Node.js >= 18, Deno, Bun and browsers have one built in).');
  }
  const logger = options.logger;
  if (logger !== undefined && !hasDebugMethod(logger)) throw new ConfigurationError('logger must have a debug(message) method, e.g. console.');

  const headers: Record<string, string> = { Accept: 'application/json', ...identityHeaders(runtime) };
  Object.assign(headers, checkHeaders(options.headers, 'headers', refuseOption));

  const maxRetryDelayMs = numberOption(options, 'maxRetryDelayMs');
  return {
    apiKey,
    baseUrl,
    auth,
    fetch,
    headers,
    timeoutMs: numberOption(options, 'timeoutMs'),
    totalTimeoutMs: checkNumber(options, 'totalTimeoutMs', refuseOption),
    maxRetries: numberOption(options, 'maxRetries'),
    // The default first delay never exceeds a shorter longest delay that was set.
    retryDelayMs: checkNumber(options, 'retryDelayMs', refuseOption) ?? Math.min(CLIENT_OPTIONS.retryDelayMs.fallback, maxRetryDelayMs),
    maxRetryDelayMs,
    maxResponseBytes: numberOption(options, 'maxResponseBytes'),
    logger,
    logLevel: logger === undefined && settingsSource(runtime.name) === 'environment' ? logLevelOf(readIfAllowed(LOG_VARIABLE)) : undefined,
    allowInsecureHttp,
  };
}

const LOG_VARIABLE = 'THUMBNAIL_API_LOG';
let warnedOfLogValue = false;

/** The level THUMBNAIL_API_LOG names (any case); a value that names none is warned of once per process, and logs nothing. */
function logLevelOf(value: string | undefined): LogLevel | undefined {
  const level = value?.trim().toLowerCase();
  if (!level || level === 'off') return undefined;
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  if (!warnedOfLogValue) {
    warnedOfLogValue = true;
    warn(
      `thumbnail-api: ${LOG_VARIABLE} is ${describe(value)}, which is not a log level: set it to ${LOG_LEVELS.join(', ')}. The client logs nothing meanwhile.`,
      'THUMBNAIL_API_LOG_INVALID',
    );
  }
  return undefined;
}

/** Checks the options of one call, with the names of its extra options (e.g. `query`, `body`); throws RequestArgumentError. */
export function checkRequestOptions<T extends RequestOptions>(options: T | undefined, call: string, extra: readonly string[] = []): T {
  if (options === undefined) return {} as T;
  if (options === null || typeof options !== 'object') throw new RequestArgumentError(`${call} takes an options object as its last argument.`, 'options');
  checkKnownKeys(options, [...CALL_OPTIONS, ...extra], call, refuseCallOption);
  for (const name of NUMERIC_CALL_OPTIONS) checkNumber(options, name, refuseCallOption);
  checkHeaders(options.headers, 'headers', refuseCallOption);
  const signal = options.signal as Partial<AbortSignal> | undefined;
  if (signal !== undefined && (typeof signal?.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
    throw refuseCallOption('signal must be an AbortSignal, e.g. from new AbortController() or AbortSignal.timeout(ms).', 'signal');
  }
  return options;
}

function checkApiKey(value: unknown, source: string, runtime: Runtime): string {
  if (value === undefined)
    throw new ConfigurationError(`No API key: ${howToPass(runtime, 'apiKey', 'THUMBNAIL_API_KEY')} Keys are made in the service dashboard.`);
  if (typeof value !== 'string') throw new ConfigurationError(`${source} must be a string, got ${typeof value}.`);
  if (value === '') throw new ConfigurationError(`${source} is empty: set it to an API key from the service dashboard.`);
  if (/^bearer\s/i.test(value)) {
    throw new ConfigurationError(`${source} starts with "Bearer ": pass the key alone; to send it as "Authorization: Bearer <key>", set auth: 'bearer'.`);
  }
  if (value.trim() !== value) {
    throw new ConfigurationError(`${source} has whitespace at its start or end (a trailing newline from a file or a shell?): pass the key alone.`);
  }
  const bad = /[^\x21-\x7e]/.exec(value);
  if (bad) {
    const what = /\s/.test(bad[0]) ? 'whitespace' : 'a control or non-ASCII character';
    throw new ConfigurationError(
      `${source} contains ${what} at position ${bad.index + 1}: an API key is one printable token; copy it again from the service dashboard.`,
    );
  }
  return value;
}

function checkBaseUrl(value: unknown, source: string, apiKey: string, runtime: Runtime): string {
  const fix = 'Set it to the scheme and host of the service, e.g. http://127.0.0.1:4010 for the local mock.';
  if (value === undefined || value === '') {
    throw new ConfigurationError(
      `No base URL (no default host is documented by the service): ${howToPass(runtime, 'baseUrl', 'THUMBNAIL_API_BASE_URL')} ${fix}`,
    );
  }
  if (typeof value !== 'string') throw new ConfigurationError(`${source} must be a string, got ${typeof value}.`);
  // Echo the value only when it cannot be the key (someone may have swapped the two).
  const shown = value.includes(apiKey) || value.length > 200 || /[^\x20-\x7e]/.test(value) ? '' : ` (got "${value}")`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`${source} is not an absolute URL${shown}. ${fix}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigurationError(`${source} must start with https:// or http://${shown}. ${fix}`);
  if (url.username || url.password) throw new ConfigurationError(`${source} must not contain a user name or password: pass the key as apiKey. ${fix}`);
  if (url.search || url.hash) throw new ConfigurationError(`${source} must not contain a query string or fragment${shown}. ${fix}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

// Names the way this runtime passes a setting: an environment variable, a Worker binding, or the option alone.
function howToPass(runtime: Runtime, option: 'apiKey' | 'baseUrl', variable: string): string {
  switch (settingsSource(runtime.name)) {
    case 'environment':
      return `pass the ${option} option, or set the ${variable} environment variable${option === 'apiKey' ? ' (server-side only)' : ''}.`;
    case 'worker-bindings':
      return (
        `in a Cloudflare Worker, pass it from the env binding: new ThumbnailClient({ ${option}: env.${variable} }) ` +
        `(${option === 'apiKey' ? `a secret: wrangler secret put ${variable}` : 'a var in your wrangler configuration'}; locally, a line in .dev.vars).`
      );
    case 'options-only':
      return `pass the ${option} option; this runtime (${runtime.name}) has no process.env to read ${variable} from.`;
  }
}

function hasDebugMethod(logger: unknown): boolean {
  try {
    return typeof (logger as ThumbnailClientLogger | null)?.debug === 'function';
  } catch {
    // A getter that throws.
    return false;
  }
}

function checkBoolean(value: unknown, name: string): boolean {
  if (value !== undefined && typeof value !== 'boolean') throw new ConfigurationError(`${name} must be true or false, got ${describe(value)}.`);
  return value === true;
}

function checkNumber(options: Partial<Record<NumericOption, unknown>>, name: NumericOption, refuse: Refuse): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const { min, max, named } = CLIENT_OPTIONS[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw refuse(`${name} must be a whole number from ${min} to ${max}${named}, got ${describe(value)}.`, name);
  }
  return value;
}

/** A client option with a default: the checked value, or the default. */
function numberOption(options: ThumbnailClientOptions, name: 'timeoutMs' | 'maxRetries' | 'maxRetryDelayMs' | 'maxResponseBytes'): number {
  return checkNumber(options, name, refuseOption) ?? CLIENT_OPTIONS[name].fallback;
}

function checkHeaders(headers: unknown, name: string, refuse: Refuse): Record<string, string> {
  if (headers === undefined) return {};
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers) || headers instanceof Headers) {
    throw refuse(`${name} must be a plain object of header names to string values, e.g. { Prefer: 'code=403' }.`, name);
  }
  for (const [header, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(header)) throw refuse(`${name} has an invalid header name ${JSON.stringify(header)}.`, name);
    if (KEY_HEADERS.has(header.toLowerCase())) {
      throw refuse(`${name} must not set ${header}: the client sends the key itself, from apiKey (and auth for the header).`, name);
    }
    // The value is not echoed: it may be a secret.
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw refuse(`${name}[${JSON.stringify(header)}] must be a string without line breaks or control characters.`, name);
    }
  }
  return headers as Record<string, string>;
}

function checkKnownKeys(options: object, known: readonly string[], where: string, refuse: Refuse): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = known.find((name) => name.toLowerCase() === key.toLowerCase());
    throw refuse(`${where} has no option ${JSON.stringify(key)}${near ? `: did you mean ${near}?` : `; known options: ${known.join(', ')}.`}`, key);
  }
}

// Strings are echoed only when short and plainly not a key (someone may have put the key in the wrong option).
function describe(value: unknown): string {
  if (typeof value === 'string') return /^[a-z-]{0,12}$/i.test(value) ? JSON.stringify(value) : 'a string';
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value === null ? 'null' : typeof value;
}
