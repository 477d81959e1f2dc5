// The client: a resource-style surface that returns data or throws typed errors, straight over the transport; the
// openapi-fetch client over the same transport (`raw`, whose middleware applies to raw calls only); and an escape hatch
// for endpoints the contract does not describe yet.
import type { CreateThumbnailRequest, CreateThumbnailResponse, ListThumbnailsResponse, paths } from '@thumbnail-api/types';
import createClient, { type Client, createQuerySerializer, defaultBodySerializer } from 'openapi-fetch';
import { APIPromise } from './api-promise.js';
import { authMiddleware, keyHeaderOf } from './auth.js';
import { RequestArgumentError } from './errors.js';
import { createLog } from './log.js';
import type { HttpMethod, RawRequestOptions, RequestOptions, ThumbnailClientOptions } from './options.js';
import { answerError, type CallSite, parseErrorBody, parseSuccessBody } from './parse-body.js';
import { checkQuery, jsonBody } from './request-arguments.js';
import { checkRequestOptions, resolveConfig } from './resolve-config.js';
import { createRedact, type Redact, redactedAnswer } from './secret-redaction.js';
import { answerOver, createTransport, type Transport } from './transport.js';

/** The thumbnails resource: `POST /api/thumbnails` and `GET /api/thumbnails`. */
export interface ThumbnailsResource {
  /**
   * Generates a thumbnail from a text prompt (`POST /api/thumbnails`). Never retried automatically: a repeated
   * request could generate (and bill) twice. Pass `maxRetries` in `options` to opt in, knowingly.
   */
  create(body: CreateThumbnailRequest, options?: RequestOptions): APIPromise<CreateThumbnailResponse>;
  /** Lists the thumbnails of the key's active organization (`GET /api/thumbnails`); retried on transient failures. */
  list(options?: RequestOptions): APIPromise<ListThumbnailsResponse>;
}

interface Call {
  /** How the call is named in errors, e.g. `request()`. */
  name: string;
  method: string;
  path: string;
  options: RequestOptions;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  /** Whether the documented success body is a JSON object (so an empty or other body is an error). */
  expectObject: boolean;
}

const serializeQuery = createQuerySerializer();
// openapi-fetch's types leave out the headers it passes.
const serializeBody = defaultBodySerializer as (body: unknown, headers?: Headers) => unknown;
const describeKind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);
const encoder = new TextEncoder();

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Client of the Thumbnail Generation Service API. Server-side only: it holds your API key. */
export class ThumbnailClient {
  /**
   * The openapi-fetch client underneath, typed from the contract, returning `{ data, error, response }`; same auth, base
   * URL, timeouts and retries. Its middleware (`raw.use()`) applies to raw calls only: the `fetch` option sees every call.
   */
  readonly raw: Client<paths>;
  /** Generate and list thumbnails. */
  readonly thumbnails: ThumbnailsResource;
  /** The checked base URL requests are sent to. */
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #redact: Redact;
  /** The headers of every call, the key's included, with lower-case names. */
  readonly #headers: Record<string, string>;

  /** Checks the options (falling back to `THUMBNAIL_API_KEY` / `THUMBNAIL_API_BASE_URL`); throws `ConfigurationError` when one is wrong. */
  constructor(options: ThumbnailClientOptions = {}) {
    // The key stays in closures below and in a private field, never in a property, so inspecting the client cannot show it.
    const { apiKey, auth, baseUrl, headers, allowInsecureHttp, logger, logLevel, ...settings } = resolveConfig(options);
    const redact = createRedact(apiKey);
    this.#redact = redact;
    this.#transport = createTransport({ ...settings, redact, log: createLog(logger, logLevel, redact) });
    const [keyHeader, keyValue] = keyHeaderOf(apiKey, auth);
    // Set one by one, as openapi-fetch merges them: a later name replaces an earlier one in another case.
    const merged = new Headers();
    for (const [name, value] of Object.entries({ ...headers, [keyHeader]: keyValue })) merged.set(name, value);
    this.#headers = {};
    merged.forEach((value, name) => {
      this.#headers[name] = value;
    });
    // The one fetch of client.raw: the key goes out through this client's transport and nothing else.
    const rawFetch = (request: Request) => this.#sendRaw(request);
    this.raw = createClient<paths>({
      baseUrl,
      headers,
      fetch: rawFetch,
      // openapi-fetch's own serializers, with arguments they would throw on or garble refused as RequestArgumentError.
      querySerializer: (query) => {
        checkQuery(query, 'client.raw', 'params.query', true);
        return serializeQuery(query);
      },
      bodySerializer: ((body: unknown, headers?: Headers) =>
        body instanceof FormData || headers?.get('content-type') === 'application/x-www-form-urlencoded'
          ? serializeBody(body, headers)
          : jsonBody(body, 'client.raw', 'body', redact)) as (body: unknown) => unknown,
    });
    this.raw.use(authMiddleware(keyHeader, keyValue, baseUrl, allowInsecureHttp, (fetch) => fetch === rawFetch));
    this.baseUrl = baseUrl;
    this.thumbnails = {
      create: (body, requestOptions) => {
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          return rejected(
            new RequestArgumentError(
              `thumbnails.create() takes the request body as an object, e.g. { prompt: "A red fox at dawn" }; got ${describeKind(body)}.`,
              'body',
            ),
          );
        }
        return this.#operation('thumbnails.create()', 'POST', requestOptions, body) as APIPromise<CreateThumbnailResponse>;
      },
      list: (requestOptions) => this.#operation('thumbnails.list()', 'GET', requestOptions) as APIPromise<ListThumbnailsResponse>,
    };
  }

  /**
   * Calls an endpoint the contract does not describe yet (the Persons and Templates paths are not
   * documented by the service), with the same auth, base URL, errors, timeouts and retries. The result is the parsed JSON body (or
   * `undefined` when empty); `T` is not checked at run time.
   */
  request<T = unknown>(method: HttpMethod, path: string, options?: RawRequestOptions): APIPromise<T> {
    try {
      if (typeof method !== 'string' || !METHODS.includes(method)) {
        throw new RequestArgumentError(`request() takes an upper-case HTTP method (${METHODS.join(', ')}) as its first argument.`, 'method');
      }
      if (typeof path !== 'string' || !/^\/[^?#{}\s]*$/.test(path)) {
        throw new RequestArgumentError(
          'request() takes a path starting with "/", relative to baseUrl, e.g. "/api/persons"; pass query parameters as options.query ' +
            'and encode path segments yourself with encodeURIComponent().',
          'path',
        );
      }
      const checked = checkRequestOptions(options, 'request()', ['query', 'body']);
      checkQuery(checked.query, 'request()', 'options.query', false);
      return this.#call({ name: 'request()', method, path, options: checked, query: checked.query, body: checked.body, expectObject: false }) as APIPromise<T>;
    } catch (error) {
      return rejected(error);
    }
  }

  /** A call of a documented operation (both are on /api/thumbnails): its options checked, its success body a JSON object. */
  #operation(name: string, method: string, requestOptions: RequestOptions | undefined, body?: unknown): APIPromise<unknown> {
    try {
      return this.#call({ name, method, path: '/api/thumbnails', options: checkRequestOptions(requestOptions, name), body, expectObject: true });
    } catch (error) {
      return rejected(error);
    }
  }

  /** Sends a call straight to the transport: the body serialised once, the key set here; a failure thrown typed. */
  #call({ name, method, path, options, query, body, expectObject }: Call): APIPromise<unknown> {
    // Serialised here, so that a body JSON cannot hold is refused naming this call.
    const text = body === undefined ? undefined : jsonBody(body, name, name === 'request()' ? 'options.body' : 'body', this.#redact);
    const search = query === undefined ? '' : serializeQuery(query);
    let headers: Record<string, string> | Headers = text === undefined ? this.#headers : { 'content-type': 'application/json', ...this.#headers };
    if (options.headers) {
      headers = new Headers(headers);
      for (const [header, value] of Object.entries(options.headers)) headers.set(header, value);
    }
    const url = `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
    const mode = { unread: false };
    const site: CallSite = { method, path, url, baseUrl: this.baseUrl, redact: this.#redact };
    const answer = this.#transport({ method, url, headers, body: text === undefined ? undefined : encoder.encode(text) }, options, mode).then((answered) => {
      if (!answered.response.ok) throw answerError(site, answered.response, parseErrorBody(answered.bytes));
      return answered;
    });
    return new APIPromise(answer, (bytes, response) => parseSuccessBody(site, expectObject, bytes, response), mode);
  }

  /** client.raw's fetch: openapi-fetch's Request through the transport, the answer handed back as a new Response over the bytes read. */
  async #sendRaw(request: Request): Promise<Response> {
    // Read once, so every attempt sends the same bytes (a Request body can be read only once).
    const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    // Copied by entries: msw's interceptors patch Headers, and `new Headers(h)` of one made before the patch keeps only what was set after it.
    const headers = new Headers();
    request.headers.forEach((value, name) => headers.append(name, value));
    const { response, bytes } = await this.#transport({ method: request.method, url: request.url, headers, body }, { signal: request.signal });
    // The key is redacted from an error answer; a reason phrase Response refuses (past Latin-1, from bytes that are not UTF-8) is dropped.
    if (response.ok) return answerOver(bytes, response);
    const redacted = redactedAnswer(response, bytes, this.#redact);
    return answerOver(redacted.body, response, redacted.statusText, redacted.headers);
  }
}

/** A call refused before anything is sent, as the same kind of promise (so `.withResponse()` still reads). */
function rejected(error: unknown): APIPromise<never> {
  const answer = Promise.reject(error);
  // Handled here: the rejection surfaces through whichever way the caller reads the call.
  answer.catch(() => undefined);
  return new APIPromise<never>(answer, () => undefined as never, { unread: false });
}
