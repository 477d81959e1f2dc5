// Names the JavaScript runtime the client runs in, for the headers that identify the client to the service.
// The checks go from the most specific: Bun and Deno also set process.versions.node, and so does workerd with nodejs_compat.
import { isBrowser } from './browser-detection.js';
import { VERSION } from './version.js';

/** The runtimes the client tells apart (WinterCG runtime keys where there is one). */
export type RuntimeName = 'node' | 'bun' | 'deno' | 'workerd' | 'edge-light' | 'browser' | 'unknown';

/** A runtime and its version, when the runtime tells it (workerd and edge-runtime do not). */
export interface Runtime {
  name: RuntimeName;
  version: string | undefined;
}

/** Request headers that carry the runtime: sent in every runtime, so the service can read them in one place. */
export const RUNTIME_HEADER = 'x-thumbnail-client-runtime';
export const RUNTIME_VERSION_HEADER = 'x-thumbnail-client-runtime-version';

interface RuntimeGlobals {
  Deno?: { version?: { deno?: unknown } };
  Bun?: { version?: unknown };
  EdgeRuntime?: unknown;
  navigator?: { userAgent?: unknown };
  process?: { versions?: { node?: unknown } };
}

/** The runtime the client runs in. */
export function detectRuntime(): Runtime {
  const scope = globalThis as RuntimeGlobals;
  if (typeof scope.Deno?.version?.deno === 'string') return { name: 'deno', version: scope.Deno.version.deno };
  if (typeof scope.Bun?.version === 'string') return { name: 'bun', version: scope.Bun.version };
  // Vercel's edge runtime (and the edge-runtime package that emulates it) sets EdgeRuntime, and no version.
  if (typeof scope.EdgeRuntime === 'string') return { name: 'edge-light', version: undefined };
  const userAgent = typeof scope.navigator?.userAgent === 'string' ? scope.navigator.userAgent : '';
  // workerd gives no version of its own; with nodejs_compat its process.versions.node is an emulated one.
  if (userAgent === 'Cloudflare-Workers') return { name: 'workerd', version: undefined };
  if (isBrowser()) return { name: 'browser', version: browserVersion(userAgent) };
  if (typeof scope.process?.versions?.node === 'string') return { name: 'node', version: scope.process.versions.node };
  return { name: 'unknown', version: undefined };
}

/**
 * The headers naming the client and its runtime. Browsers do not let a page set User-Agent (they drop it or
 * preflight it), so there the x-thumbnail-client-runtime headers carry the runtime alone.
 */
export function identityHeaders(runtime: Runtime): Record<string, string> {
  const headers: Record<string, string> = { [RUNTIME_HEADER]: runtime.name, [RUNTIME_VERSION_HEADER]: runtime.version ?? 'unknown' };
  if (runtime.name !== 'browser') {
    headers['User-Agent'] = `thumbnail-api-client/${VERSION} ${runtime.name}${runtime.version === undefined ? '' : `/${runtime.version}`}`;
  }
  return headers;
}

// The browser's own product token; Edge and Opera also name Chrome, and Chrome also names Safari, so the order matters.
const BROWSER_PRODUCTS = [
  /\b(?<name>Edg)\/(?<version>[\d.]+)/,
  /\b(?<name>OPR)\/(?<version>[\d.]+)/,
  /\b(?<name>Firefox)\/(?<version>[\d.]+)/,
  /(?<name>Chrome)\/(?<version>[\d.]+)/,
  /\bVersion\/(?<version>[\d.]+).*\b(?<name>Safari)\//,
];

function browserVersion(userAgent: string): string | undefined {
  for (const pattern of BROWSER_PRODUCTS) {
    const found = pattern.exec(userAgent)?.groups;
    if (found) return `${found.name}/${found.version}`;
  }
  return undefined;
}
