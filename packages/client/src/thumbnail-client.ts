// The client: a resource-style surface that returns data or throws typed errors, the openapi-fetch client
// underneath (`raw`), and an escape hatch for endpoints the contract does not describe yet.
import type { CreateThumbnailRequest, CreateThumbnailResponse, ListThumbnailsResponse, paths } from '@thumbnail-api/types';
import createClient, { type Client, createQuerySerializer, defaultBodySerializer } from 'openapi-fetch';
import { authMiddleware } from './auth.js';
import { RequestArgumentError } from './errors.js';
import type { HttpMethod, RawRequestOptions, RequestOptions, ThumbnailClientOptions } from './options.js';
import { checkQuery, jsonBody } from './request-arguments.js';
import { checkRequestOptions, resolveConfig } from './resolve-config.js';
import { responseError } from './response-error.js';
import { createRedact, type Redact } from './secret-redaction.js';
import { createTransport, type Transport } from './transport.js';

/** The thumbnails resource: `POST /api/thumbnails` and `GET /api/thumbnails`. */
export interface ThumbnailsResource {
  /**
   * Generates a thumbnail from a text prompt (`POST /api/thumbnails`). Never retried automatically: a repeated
   * request could generate (and bill) twice. Pass `maxRetries` in `options` to opt in, knowingly.
   */
  create(body: CreateThumbnailRequest, options?: RequestOptions): Promise<CreateThumbnailResponse>;
  /** Lists the thumbnails of the key's active organization (`GET /api/thumbnails`); retried on transient failures. */
  list(options?: RequestOptions): Promise<ListThumbnailsResponse>;
}

type LooseRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

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
const asIs = (body: unknown) => body;
// openapi-fetch's types leave out the headers it passes.
const serializeBody = defaultBodySerializer as (body: unknown, headers?: Headers) => unknown;
const describeKind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Client of the Thumbnail Generation Service API. Server-side only: it holds your API key. */
export class ThumbnailClient {
  /** The openapi-fetch client underneath, typed from the contract, returning `{ data, error, response }`; same auth, base URL, timeouts and retries. */
  readonly raw: Client<paths>;
  /** Generate and list thumbnails. */
  readonly thumbnails: ThumbnailsResource;
  /** The checked base URL requests are sent to. */
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #redact: Redact;
  readonly #request: LooseRequest;
  // The fetch functions that go through this client's transport, so that the key goes out through nothing else.
  readonly #fetches = new WeakSet<(request: Request) => Promise<Response>>();

  /** Checks the options (falling back to `THUMBNAIL_API_KEY` / `THUMBNAIL_API_BASE_URL`); throws `ConfigurationError` when one is wrong. */
  constructor(options: ThumbnailClientOptions = {}) {
    // The key stays in closures below, never in a property, so inspecting the client cannot show it.
    const { apiKey, auth, baseUrl, headers, allowInsecureHttp, ...settings } = resolveConfig(options);
    this.#redact = createRedact(apiKey);
    this.#transport = createTransport({ ...settings, redact: this.#redact });
    const transport = this.#transport;
    const redact = this.#redact;
    const rawFetch = (request: Request) => transport(request);
    this.#fetches.add(rawFetch);
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
    this.raw.use(authMiddleware(apiKey, auth, baseUrl, allowInsecureHttp, (fetch) => this.#fetches.has(fetch as (request: Request) => Promise<Response>)));
    this.#request = this.raw.request.bind(this.raw) as unknown as LooseRequest;
    this.baseUrl = baseUrl;
    this.thumbnails = {
      create: async (body, requestOptions) => {
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw new RequestArgumentError(
            `thumbnails.create() takes the request body as an object, e.g. { prompt: "A red fox at dawn" }; got ${describeKind(body)}.`,
            'body',
          );
        }
        return this.#operation('thumbnails.create()', 'POST', '/api/thumbnails', requestOptions, body) as Promise<CreateThumbnailResponse>;
      },
      list: async (requestOptions) => this.#operation('thumbnails.list()', 'GET', '/api/thumbnails', requestOptions) as Promise<ListThumbnailsResponse>,
    };
  }

  /**
   * Calls an endpoint the contract does not describe yet (the Persons and Templates paths are not
   * documented by the service), with the same auth, base URL, errors, timeouts and retries. The result is the parsed JSON body (or
   * `undefined` when empty); `T` is not checked at run time.
   */
  async request<T = unknown>(method: HttpMethod, path: string, options?: RawRequestOptions): Promise<T> {
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
    return this.#call({ name: 'request()', method, path, options: checked, query: checked.query, body: checked.body, expectObject: false }) as Promise<T>;
  }

  /** A call of a documented operation: its options checked, its success body a JSON object. */
  #operation(name: string, method: string, path: string, requestOptions: RequestOptions | undefined, body?: unknown): Promise<unknown> {
    return this.#call({ name, method, path, options: checkRequestOptions(requestOptions, name), body, expectObject: true });
  }

  #fetchFor(options: RequestOptions): (request: Request) => Promise<Response> {
    const fetch = (request: Request) => this.#transport(request, options);
    this.#fetches.add(fetch);
    return fetch;
  }

  async #call({ name, method, path, options, query, body, expectObject }: Call): Promise<unknown> {
    const { data, error, response } = await this.#request(method, path, {
      params: query === undefined ? undefined : { query },
      // Serialised here, so that a body JSON cannot hold is refused naming this call.
      body: body === undefined ? undefined : jsonBody(body, name, name === 'request()' ? 'options.body' : 'body', this.#redact),
      bodySerializer: asIs,
      headers: options.headers,
      // Text, so that a 2xx body that is not JSON becomes a typed error instead of a SyntaxError.
      parseAs: 'text',
      fetch: this.#fetchFor(options),
    });
    // Built only on failure: redaction is not needed on the success path.
    const failed = (body: unknown, problem?: string) => responseError({ method, path: this.#redact(path), response, body, redact: this.#redact }, problem);
    if (!response.ok) throw failed(error);
    const text = data as string | undefined;
    if (!text) {
      if (expectObject) throw failed(undefined, 'the body is empty, not the JSON object the API documents');
      return undefined;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw failed(text);
    }
    if (expectObject && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
      throw failed(parsed, 'the body is JSON but not the object the API documents');
    }
    return parsed;
  }
}
