// Every error this package throws. One module, so `instanceof` sees one set of classes whatever
// entry point or internal module threw them; brands make it hold across the ES module and CommonJS builds too.

/** The brand of each of this package's error classes, read by `instanceof`. */
const classBrands = new WeakMap<object, symbol>();

/**
 * Names an error class and brands it and its instances with a global symbol, so that `instanceof` holds for an
 * error made by the other build of this package (ES module or CommonJS) when a process has loaded both.
 */
function brandErrorClass(errorClass: abstract new (...args: never[]) => ThumbnailClientError, name: string): void {
  const brand = Symbol.for(`@thumbnail-api/client.${name}`);
  errorClass.prototype.name = name;
  Object.defineProperty(errorClass.prototype, brand, { value: true });
  classBrands.set(errorClass, brand);
}

/** Root of every error thrown by this package: `catch (e) { if (e instanceof ThumbnailClientError) ... }`. */
export class ThumbnailClientError extends Error {
  /** `instanceof` by brand for this package's classes (whichever build made the error); a subclass of yours checks as usual. */
  static [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of `instanceof`, often a subclass.
    const brand = classBrands.get(this);
    // biome-ignore lint/complexity/noThisInStatic: as above; a class without a brand is one of yours.
    if (brand === undefined) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  }

  /** A plain object for JSON loggers: the name, the message and the error's own fields but `headers` (a server's, whatever they carry). */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...Object.fromEntries(Object.entries(this).filter(([field]) => field !== 'headers')) };
  }
}

/** An option, environment variable or call argument is invalid; thrown before anything is sent. */
export class ConfigurationError extends ThumbnailClientError {}

/**
 * An argument of a call cannot be sent: a body that is not JSON (a circular reference, a BigInt), a query value that
 * cannot be encoded (a nested object), a bad method, path or call option. Thrown before anything is sent.
 */
export class RequestArgumentError extends ConfigurationError {
  /** @param argument The argument at fault, e.g. `body.meta.self` or `options.query.filter`. */
  constructor(
    message: string,
    readonly argument: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What {@link ThumbnailApiError} is built from. */
export interface ApiErrorInit {
  /** HTTP status of the response (`0` for a browser's opaque redirect). */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** Parsed JSON body, or the raw text when it is not JSON, or `undefined` when empty. */
  body: unknown;
  /** The service's `error` text; read from `body` when left out. */
  error?: string | undefined;
  /** Cause, if any. */
  cause?: unknown;
}

// Response headers that commonly carry a request id. The service documents none of them.
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid', 'cf-ray'];

/**
 * The service answered, but not with usable data: a non-2xx status (subclasses by status), a redirect
 * (not followed, so the key never travels elsewhere), or a 2xx whose body is not the JSON the API documents.
 */
export class ThumbnailApiError extends ThumbnailClientError {
  /** HTTP status of the response. */
  readonly status: number;
  /** The service's `error` text when the body has the documented `{ success: false, error }` shape. */
  readonly error: string | undefined;
  /** Response headers. */
  readonly headers: Headers;
  /**
   * Parsed JSON body, or the raw text when it is not JSON, or `undefined` when the body is empty. A body whose text is
   * longer than 4096 characters is kept as its first 4096, followed by `… [N more characters cut]`.
   */
  readonly body: unknown;
  /** A request id read from a common header such as `x-request-id` (the service documents none). */
  readonly requestId: string | undefined;
  /**
   * Why the mock (`@thumbnail-api/mock`) answered so, from its `x-thumbnail-api-mock-note` header (e.g. `key not in the
   * registry`); also at the end of the message. The real service sends no such header: `undefined`.
   */
  readonly mockNote: string | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.error = 'error' in init ? init.error : errorTextOf(init.body);
    this.requestId = requestIdOf(init.headers);
    this.mockNote = mockNoteOf(init.headers);
  }
}

/** 400: the request was malformed. */
export class BadRequestError extends ThumbnailApiError {
  declare readonly status: 400;
}

/** 401: the API key is missing or invalid (documented body: `{ success: false, error: 'Unauthorized' }`). */
export class AuthenticationError extends ThumbnailApiError {
  declare readonly status: 401;
}

/** 403: the key has no access to the resource (documented body: `{ success: false, error: 'Forbidden' }`). */
export class PermissionDeniedError extends ThumbnailApiError {
  declare readonly status: 403;
}

/** 404: not found. */
export class NotFoundError extends ThumbnailApiError {
  declare readonly status: 404;
}

/** 409: conflict. */
export class ConflictError extends ThumbnailApiError {
  declare readonly status: 409;
}

/** 422: the body was understood but rejected. */
export class UnprocessableEntityError extends ThumbnailApiError {
  declare readonly status: 422;
}

/** 429: too many requests. */
export class RateLimitError extends ThumbnailApiError {
  declare readonly status: 429;
}

/** Any status >= 500, including a proxy's or gateway's error page. */
export class InternalServerError extends ThumbnailApiError {}

/**
 * The answer's body is longer than `maxResponseBytes`: the client stopped reading it and dropped the connection.
 * `status` and `headers` are the answer's; `body` holds its first few KB. Never retried.
 */
export class ResponseTooLargeError extends ThumbnailApiError {}

/** No response arrived: the connection was refused, reset or failed. `cause` holds the underlying error. */
export class APIConnectionError extends ThumbnailClientError {}

/** No complete response in time: an attempt's `timeoutMs`, what was left of the call's `totalTimeoutMs`, or a caller's `AbortSignal.timeout()`. */
export class APITimeoutError extends APIConnectionError {}

/** The caller's `AbortSignal` aborted the request. */
export class APIUserAbortError extends ThumbnailClientError {}

/**
 * The runtime refused the client a permission it needs (Deno run without `--allow-net` or `--allow-env` for the
 * service's host or the client's variables). Never retried: granting the permission is the fix.
 */
export class RuntimePermissionError extends ThumbnailClientError {
  /** @param flag The command-line flag that grants the permission, e.g. `--allow-net=api.example.com`. */
  constructor(
    message: string,
    readonly flag: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

// Each class's `name` and brand, set once here: bundlers and minifiers rename classes, so `constructor.name` cannot be it.
const NAMED_CLASSES = {
  ThumbnailClientError,
  ConfigurationError,
  RequestArgumentError,
  ThumbnailApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  ResponseTooLargeError,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  RuntimePermissionError,
};
for (const [name, errorClass] of Object.entries(NAMED_CLASSES)) brandErrorClass(errorClass, name);

const API_ERROR_BY_STATUS: Record<number, typeof ThumbnailApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The error class for a status: a subclass when there is one, else the base class. */
export function apiErrorClassFor(status: number): typeof ThumbnailApiError {
  return API_ERROR_BY_STATUS[status] ?? (status >= 500 ? InternalServerError : ThumbnailApiError);
}

/** The documented `error` text of a parsed body, if it has one. */
export function errorTextOf(body: unknown): string | undefined {
  const text = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** A request id from a common response header; the service documents none. */
export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/** Why the mock answered so (its `x-thumbnail-api-mock-note` header): the real service sends none. */
export function mockNoteOf(headers: Headers): string | undefined {
  return headers.get('x-thumbnail-api-mock-note') ?? undefined;
}
