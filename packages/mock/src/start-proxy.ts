// startContractProxy: forwards to the real service and reports where its traffic breaks the contract.
import { createServer } from 'node:http';
import { loadContract } from './contract.js';
import { type CheckedExchange, type ContractReport, ReportCollector } from './contract-report.js';
import { closeServer, listen, urlOf } from './http-listen.js';
import { launch, type Launched } from './launch.js';
import { createProxyHandler, createTap } from './proxy-handler.js';

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
  /** How long to wait for the proxy to answer, in milliseconds; defaults to 30 000. */
  startTimeoutMs?: number;
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
  /** Stops the proxy and waits until its Prism process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a proxy that forwards every request to `upstream` unchanged and returns the upstream's response
 * unchanged, while Prism checks both against the contract. Resolves once the proxy answers.
 */
export async function startContractProxy(options: StartContractProxyOptions): Promise<RunningContractProxy> {
  const { proxy, launched } = await launchContractProxy(options);
  return { url: launched.url, host: launched.host, port: launched.port, upstream: proxy.upstream, report: proxy.report, stop: launched.stop };
}

/** {@link startContractProxy}, with the Prism process exposed for the CLI. */
export async function launchContractProxy(
  options: StartContractProxyOptions,
): Promise<{ proxy: { upstream: string; report(): ContractReport }; launched: Launched }> {
  const upstream = parseUpstream(options.upstream);
  const contract = loadContract(options.specPath);
  const collector = new ReportCollector();
  const tap = createTap(upstream);
  const tapPort = await listen(tap.server, '127.0.0.1', 0);
  const closeTap = async () => {
    await closeServer(tap.server);
    tap.close();
  };
  let launched: Launched;
  try {
    launched = await launch({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 4010,
      // No --errors: with it Prism answers violating traffic with its own 500 instead of letting it through.
      prism: { mode: 'proxy', specPath: contract.path, upstream: urlOf('127.0.0.1', tapPort), errors: false, startTimeoutMs: options.startTimeoutMs ?? 30_000 },
      createHandler: (prismUrl) =>
        createProxyHandler({
          contract,
          prismUrl,
          upstream,
          pending: tap.pending,
          onExchange(exchange) {
            collector.add(exchange);
            if (exchange.findings.length > 0) options.onExchange?.(exchange);
          },
        }),
      probe: false,
    });
  } catch (error) {
    await closeTap();
    throw error;
  }
  const stop = async () => {
    await launched.stop();
    await closeTap();
  };
  return {
    proxy: { upstream: upstream.href.replace(/\/$/, ''), report: () => collector.report() },
    launched: { ...launched, stop },
  };
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
