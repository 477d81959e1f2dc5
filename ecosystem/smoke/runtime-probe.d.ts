// Types of runtime-probe.mjs.
/** What the probe gets: the key and base URL for its calls, and for a Worker the `env` bindings to build a client from. */
export interface ProbeSettings {
  apiKey: string;
  baseUrl: string;
  bindings?: Record<string, string>;
}
/** How one scenario of the probe ended. */
export interface Outcome {
  ok: boolean;
  name?: string;
  message?: string;
  flag?: string;
  typed?: boolean;
  /** Whether the key shows in the error's String(), JSON, stack or cause. */
  keyShown?: boolean;
}
export interface ProbeReport {
  looksLikeNode: boolean;
  /** `attempts`: the attempts the debug log shows; `keyLogged`: whether the key appears in that log. */
  call: Outcome & { attempts?: number; keyLogged?: boolean };
  missingKey: Outcome;
  missingBaseUrl: Outcome;
  fromSettings: Outcome;
  /** thumbnails.create(), which the probe server answers 421. */
  post: Outcome;
}
export declare function runProbe(sdk: object, settings: ProbeSettings): Promise<ProbeReport>;
