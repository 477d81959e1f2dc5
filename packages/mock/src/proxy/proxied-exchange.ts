// One exchange through the contract proxy, as it happened, and the one interface that everything listening to the
// proxy (the report, the recorder) receives it through.
import type { IncomingHttpHeaders } from 'node:http';
import type { BufferedResponse } from '../node/http-client.js';

/** One thing the proxy noticed about an exchange. */
export interface ContractFinding {
  /**
   * `violation`: the request or the response breaks the contract. `undocumented`: the contract does not describe
   * this operation, so nothing was checked. `unchecked`: the exchange could not be checked (e.g. upstream unreachable).
   */
  readonly kind: 'violation' | 'undocumented' | 'unchecked';
  /** Where, e.g. `request`, `request.body.prompt`, `response.body`. */
  readonly location: string;
  /** What is wrong, in the words of Prism's validators where they checked it. */
  readonly message: string;
}

/** A request the proxy forwarded, the upstream's answer, and what the contract check found about them. */
export interface ProxiedExchange {
  /** Request method, e.g. `POST`. */
  readonly method: string;
  /** Path and query, as sent (the query may carry secrets). */
  readonly url: string;
  /** The request's headers as the client sent them (credentials included). */
  readonly headers: IncomingHttpHeaders;
  /** The request body as sent, or `undefined` when the request framed none. */
  readonly body: Buffer | undefined;
  /** The documented operation, e.g. `createThumbnail`, or `undefined`. */
  readonly operation: string | undefined;
  /** The upstream's answer, or `undefined` when it could not be reached (the client then got a 502). */
  readonly response: BufferedResponse | undefined;
  /** Status the client received. */
  readonly status: number;
  readonly findings: readonly ContractFinding[];
}

/** Called with every exchange, after the client has been answered; must not throw. */
export type ExchangeListener = (exchange: ProxiedExchange) => void;
