// Prism's validators as a library, for the contract proxy: its router, security, request and response checks,
// called on an exchange the proxy already holds, without Prism's HTTP server in between. They are the functions
// Prism's own validating proxy calls (prism-core's factory.ts), so the findings keep Prism's words.
import { loadPrism } from './prism-server.js';

/** A request as Prism's validators read it (prism-http's IHttpRequest). */
export interface PrismRequest {
  /** Lower case, e.g. `post`. */
  readonly method: string;
  readonly url: { readonly path: string; readonly query: Record<string, string | string[]> };
  readonly headers: Record<string, string>;
  /** Parsed JSON, text, or `null` without a body (as prism-http-server's parseRequestBody reads it). */
  readonly body: unknown;
}

/** A response as Prism's validators read it (prism-http's IHttpResponse). */
export interface PrismResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** Parsed JSON or text (as prism-http's parseResponse reads it). */
  readonly body: unknown;
}

/** One thing Prism found, located as its `sl-violations` header locates it (`request.body.prompt`). */
export interface PrismFinding {
  readonly location: string;
  readonly message: string;
}

/** Prism's checks of one operation's traffic. */
export interface PrismValidators {
  /** The operation Prism routes the request to, or `undefined` when the contract has none for it. */
  route(request: PrismRequest): PrismOperation | undefined;
  /** Security, then headers, query, path and body of the request: errors only. */
  checkRequest(operation: PrismOperation, request: PrismRequest): PrismFinding[];
  /** Status, media type, body and headers of the response: errors only. */
  checkResponse(operation: PrismOperation, response: PrismResponse): PrismFinding[];
}

/** An operation as Prism reads it from the contract (opaque here). */
export type PrismOperation = { readonly __prismOperation: never };

// fp-ts's Either, as Prism's validators return it.
type Either<L, R> = { readonly _tag: 'Left'; readonly left: L } | { readonly _tag: 'Right'; readonly right: R };
interface Diagnostic {
  readonly message: string;
  readonly severity: number;
  readonly path?: readonly (string | number)[];
}
type Route = (input: { resources: PrismOperation[]; input: PrismRequest }) => Either<unknown, PrismOperation>;
type Validator<T> = (input: { resource: PrismOperation; element: T }) => Either<Diagnostic[], T>;
interface ValidatorModules {
  readonly http: { getHttpOperationsFromSpec(document: string): Promise<PrismOperation[]> };
  /** Its default export, which runtimes hand to `import()` either as the module or as its `default`. */
  readonly router: Route | { default: Route };
  readonly validator: {
    validateSecurity: Validator<PrismRequest>;
    validateInput: Validator<PrismRequest>;
    validateOutput: Validator<PrismResponse>;
  };
}

// @stoplight/types' DiagnosticSeverity.Error: warnings (an undocumented 4xx status, a route not found) break nothing.
const ERROR = 0;

/** Loads Prism's validators and reads the contract at `specPath` as Prism reads it; rejects saying what failed. */
export async function loadPrismValidators(specPath: string, purpose = 'The contract proxy (--proxy)'): Promise<PrismValidators> {
  const [http, router, validator] = (await loadPrism(
    ['@stoplight/prism-http', '@stoplight/prism-http/dist/router/index.js', '@stoplight/prism-http/dist/validator/index.js'],
    purpose,
  )) as [ValidatorModules['http'], ValidatorModules['router'], ValidatorModules['validator']];
  const route = typeof router === 'function' ? router : router.default;
  const operations = await http.getHttpOperationsFromSpec(specPath);
  const errors = (prefix: string, result: Either<Diagnostic[], unknown>): PrismFinding[] =>
    result._tag === 'Right'
      ? []
      : result.left
          .filter((diagnostic) => diagnostic.severity === ERROR)
          .map((diagnostic) => ({ location: [prefix, ...(diagnostic.path ?? [])].join('.'), message: diagnostic.message }));
  return {
    route(request) {
      const routed = route({ resources: operations, input: request });
      return routed._tag === 'Right' ? routed.right : undefined;
    },
    checkRequest(operation, request) {
      const element = { resource: operation, element: request };
      return [...errors('request', validator.validateSecurity(element)), ...errors('request', validator.validateInput(element))];
    },
    checkResponse(operation, response) {
      return errors('response', validator.validateOutput({ resource: operation, element: response }));
    },
  };
}
