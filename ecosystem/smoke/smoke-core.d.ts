// Types of smoke-core.mjs, for the TypeScript consumers (which check their own code strictly, not the smoke's).
export interface SmokeConfig {
  mockUrl: string;
  echoUrl: string;
  refusedUrl: string;
  keys: { ok: string; revoked: string; noAccess: string };
  clientVersion: string;
  runtime: string;
  mode: 'full' | 'permissions-denied';
}
export interface SmokeReport {
  runtime: string;
  /** What the program really ran on, e.g. `node 22.23.3`, `deno 2.9.6`, a browser's user agent. */
  runtimeVersion: string;
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}
export declare function runSmoke(sdk: object, config: SmokeConfig): Promise<SmokeReport>;
