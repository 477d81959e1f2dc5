// startContractProxy: forwards to the real service and reports where its traffic breaks the contract, with
// Prism's validators (in this process, as a library) as the judge.
import { apiKeyFormsOf } from '@thumbnail-api/spec/model';
import { readContract } from '../contract/read-contract.js';
import { allowedHostsOf } from '../http/allowed-hosts.js';
import { startFrontServer } from '../node/front-server.js';
import { prismWithin } from '../prism/prism-server.js';
import { loadPrismValidators, type PrismValidators } from '../prism/prism-validators.js';
import { createContractCheck } from '../proxy/contract-check.js';
import { type CheckedExchange, type ContractReport, ReportCollector, reportListener } from '../proxy/contract-report.js';
import { createProxyHandler } from '../proxy/proxy-handler.js';
import { createRecorder, type Recorder } from '../record/recorder.js';

/** Options of {@link startContractProxy}. */
export interface StartContractProxyOptions {
  /** Base URL of the real service, e.g. `https://api.example.com` (without `/api`). */
  upstream: string;
  /** Interface to listen on; defaults to `127.0.0.1`. */
  host?: string;
  /** Port to listen on; defaults to `4010`. `0` picks a free port (read it from `url` or `port`). */
  port?: number;
  /** Contract to check against, as one bundled OpenAPI 3 file; defaults to the contract bundled with this package. */
  specPath?: string;
  /** Called with every exchange that has findings, as it happens (e.g. to print it). */
  onExchange?: (exchange: CheckedExchange) => void;
  /** How long to wait for Prism's validators to load, in milliseconds; defaults to 30 000. */
  startTimeoutMs?: number;
  /** Writes every answered exchange to its own JSON file in this folder (made if needed), credentials removed. */
  record?: string;
  /** With `record`: JSON pointers of body fields to blank on disk, e.g. `/prompt` or `/items/*\/prompt`. */
  redact?: readonly string[];
  /** Called when a recording could not be written or `onExchange` threw (the call itself goes through); defaults to `console.warn`. */
  onWarning?: (message: string) => void;
  /** Host names answered besides IP addresses, `localhost` and `*.localhost` (e.g. a CI service's name), as the mock's option. */
  allowedHosts?: string | readonly string[];
}

/** A running contract proxy. */
export interface RunningContractProxy {
  /** Base URL of the proxy: send your requests here instead of to the service. */
  readonly url: string;
  /** The interface the proxy listens on. */
  readonly host: string;
  /** The port the proxy listens on. */
  readonly port: number;
  /** The upstream base URL requests are forwarded to. */
  readonly upstream: string;
  /** What the proxy found so far. */
  report(): ContractReport;
  /** Stops the proxy; resolves once nothing of it is left. */
  stop(): Promise<void>;
}

/**
 * Starts a proxy that forwards every request to `upstream` unchanged and returns the upstream's response
 * unchanged, while Prism's validators check both against the contract. Resolves once the proxy answers.
 */
export async function startContractProxy(options: StartContractProxyOptions): Promise<RunningContractProxy> {
  const upstream = parseUpstream(options.upstream);
  if (options.redact !== undefined && options.record === undefined) throw new Error('redact only applies with record: give the folder to record into.');
  const onWarning = options.onWarning ?? console.warn;
  const allowedHosts = allowedHostsOf(options.allowedHosts);
  const contract = await readContract(options.specPath);
  const apiKeys = apiKeyFormsOf(contract.model);
  // Checked before anything listens: an unwritable folder is an error at start, not a warning per call.
  const recorder: Recorder | undefined =
    options.record === undefined
      ? undefined
      : createRecorder({ dir: options.record, redact: options.redact, upstream: upstream.href.replace(/\/$/, ''), apiKeys, onWarning });
  // The public port first, so that a port in use fails before Prism is loaded.
  const front = await startFrontServer(options.host ?? '127.0.0.1', options.port ?? 4010, allowedHosts);
  const stop = async () => {
    await front.stop();
    await recorder?.flush();
  };
  let prism: PrismValidators;
  try {
    prism = await prismWithin(loadPrismValidators(contract.path), options.startTimeoutMs ?? 30_000, 'load');
  } catch (error) {
    await stop();
    throw error;
  }
  const collector = new ReportCollector();
  const listeners = [reportListener(collector, apiKeys, options.onExchange), ...(recorder ? [recorder.record] : [])];
  front.use(
    createProxyHandler({
      upstream,
      check: createContractCheck(contract.model, prism),
      listeners,
      onListenerError: (error) => onWarning(`A listener of the contract proxy failed: ${(error as Error).message}`),
    }),
  );
  return { url: front.url, host: front.host, port: front.port, upstream: upstream.href.replace(/\/$/, ''), report: () => collector.report(), stop };
}

function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`The upstream ${JSON.stringify(value)} is not a URL. Give the service's base URL, e.g. https://api.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The upstream must be an http:// or https:// URL, got ${url.protocol}//.`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error('The upstream must be a plain base URL, without query, fragment or credentials.');
  }
  return url;
}
