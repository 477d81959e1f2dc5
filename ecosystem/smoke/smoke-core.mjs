// The one smoke program every ecosystem case runs, in every runtime, module system and bundle. It is given the
// client package as loaded there (`sdk`) and the suite's addresses and keys (`config`), and returns what it saw as
// a list of checks. It only uses what every runtime has (fetch, Promise, JSON): no Node.js API, no process.env.
// Kept free of imports and of exports other than runSmoke: the suite writes it out as ESM, CommonJS and plain script.

/**
 * @param {any} sdk the `@thumbnail-api/client` module
 * @param {import('./smoke-core.js').SmokeConfig} config
 * @returns {Promise<import('./smoke-core.js').SmokeReport>}
 */
export async function runSmoke(sdk, config) {
  /** @type {import('./smoke-core.js').SmokeReport['checks']} */
  const checks = [];
  const keys = [config.keys.ok, config.keys.revoked, config.keys.noAccess];
  const inBrowser = config.runtime === 'browser';
  /** @param {object} extra */
  const options = (extra) => ({ timeoutMs: 15000, ...(inBrowser ? { dangerouslyAllowBrowser: true } : {}), ...extra });
  /** @param {any} error */
  const describe = (error) => (error && typeof error === 'object' ? `${error.name}: ${error.message}` : `non-error ${String(error)}`);
  /** @param {any} error */
  const leaksKey = (error) => {
    let serialized = '';
    try {
      serialized = JSON.stringify(error) ?? '';
    } catch (problem) {
      return `JSON.stringify(error) threw ${describe(problem)}`;
    }
    const texts = [String(error), error?.message, error?.stack, serialized];
    return keys.some((key) => texts.some((text) => typeof text === 'string' && text.includes(key))) ? 'an error shows the API key' : '';
  };
  /**
   * @param {string} name
   * @param {() => string | Promise<string>} body returns what went wrong, or '' when all is as expected
   */
  const check = async (name, body) => {
    try {
      const problem = await body();
      checks.push({ name, ok: !problem, detail: problem || 'as expected' });
    } catch (error) {
      checks.push({ name, ok: false, detail: `threw ${describe(error)}` });
    }
  };
  /**
   * @param {Promise<unknown>} promise
   * @param {(error: any) => string} accept
   */
  const expectRejection = async (promise, accept) => {
    try {
      const value = await promise;
      return `resolved with ${JSON.stringify(value)?.slice(0, 200)} instead of throwing`;
    } catch (error) {
      return leaksKey(error) || accept(error);
    }
  };

  await check('exports', () => {
    const names = ['ThumbnailClient', 'ThumbnailClientError', 'AuthenticationError', 'PermissionDeniedError', 'APIConnectionError', 'ConfigurationError'];
    const missing = names.filter((name) => typeof sdk[name] !== 'function');
    return missing.length > 0 ? `missing exports: ${missing.join(', ')}` : '';
  });

  if (config.mode === 'permissions-denied') {
    await check('network permission denied: typed error naming --allow-net, not retried', async () => {
      let attempts = 0;
      /** @type {typeof fetch} */
      const counting = (url, init) => {
        attempts += 1;
        return fetch(url, init);
      };
      const client = new sdk.ThumbnailClient(options({ apiKey: config.keys.ok, baseUrl: config.mockUrl, fetch: counting }));
      const problem = await expectRejection(client.thumbnails.list(), (error) => {
        if (!(error instanceof sdk.ThumbnailClientError)) return `not a ThumbnailClientError: ${describe(error)}`;
        if (!String(error.message).includes('--allow-net=127.0.0.1')) return `does not name --allow-net=127.0.0.1: ${describe(error)}`;
        return '';
      });
      return problem || (attempts === 1 ? '' : `sent ${attempts} attempts; a denied permission must not be retried`);
    });
    await check('env permission denied: typed error naming --allow-env=THUMBNAIL_API_KEY', () => {
      try {
        new sdk.ThumbnailClient(options({ baseUrl: config.mockUrl }));
        return 'constructed a client without a key';
      } catch (error) {
        if (!(error instanceof sdk.ThumbnailClientError)) return `not a ThumbnailClientError: ${describe(error)}`;
        return describe(error).includes('--allow-env=THUMBNAIL_API_KEY') ? '' : `does not name --allow-env=THUMBNAIL_API_KEY: ${describe(error)}`;
      }
    });
    return { runtime: config.runtime, runtimeVersion: runtimeVersion(), checks };
  }

  for (const auth of ['x-api-key', 'bearer']) {
    await check(`create and list with ${auth}`, async () => {
      const client = new sdk.ThumbnailClient(options({ apiKey: config.keys.ok, baseUrl: config.mockUrl, auth }));
      const created = await client.thumbnails.create({ prompt: 'A red fox at dawn' });
      const listed = await client.thumbnails.list();
      if (created === null || typeof created !== 'object') return `create() returned ${JSON.stringify(created)}`;
      if (listed === null || typeof listed !== 'object') return `list() returned ${JSON.stringify(listed)}`;
      return '';
    });
  }
  await check('revoked key: AuthenticationError (401)', () => {
    const client = new sdk.ThumbnailClient(options({ apiKey: config.keys.revoked, baseUrl: config.mockUrl }));
    return expectRejection(client.thumbnails.list(), (error) =>
      error instanceof sdk.AuthenticationError && error instanceof sdk.ThumbnailClientError && error.status === 401
        ? ''
        : `got ${describe(error)} (status ${error?.status})`,
    );
  });
  await check('no-access key: PermissionDeniedError (403)', () => {
    const client = new sdk.ThumbnailClient(options({ apiKey: config.keys.noAccess, baseUrl: config.mockUrl, auth: 'bearer' }));
    return expectRejection(client.thumbnails.create({ prompt: 'A red fox at dawn' }), (error) =>
      error instanceof sdk.PermissionDeniedError && error instanceof sdk.ThumbnailClientError && error.status === 403
        ? ''
        : `got ${describe(error)} (status ${error?.status})`,
    );
  });
  await check('refused connection: APIConnectionError', () => {
    const client = new sdk.ThumbnailClient(options({ apiKey: config.keys.ok, baseUrl: config.refusedUrl, maxRetries: 0 }));
    return expectRejection(client.thumbnails.list(), (error) =>
      error instanceof sdk.APIConnectionError && error instanceof sdk.ThumbnailClientError ? '' : `got ${describe(error)}`,
    );
  });
  await check('missing key: ConfigurationError naming apiKey', () => {
    try {
      new sdk.ThumbnailClient(options({ baseUrl: config.mockUrl }));
      return 'constructed a client without a key';
    } catch (error) {
      if (leaksKey(error)) return leaksKey(error);
      return error instanceof sdk.ConfigurationError && describe(error).includes('apiKey') ? '' : `got ${describe(error)}`;
    }
  });
  await check('User-Agent names the client and the runtime; the key is sent', async () => {
    const client = new sdk.ThumbnailClient(options({ apiKey: config.keys.ok, baseUrl: config.echoUrl }));
    const seen = await client.thumbnails.list();
    if (seen.keyHeader !== 'x-api-key') return `the server did not get the key in x-api-key (it saw: ${seen.keyHeader})`;
    const userAgent = String(seen.userAgent);
    if (inBrowser) {
      // A page cannot set User-Agent: the browser's own goes out, and the client's runtime header says 'browser'.
      if (!/Chrome/.test(userAgent) || userAgent.includes('thumbnail-api-client')) return `browser request carried User-Agent ${userAgent}`;
      return seen.runtimeHeader === 'browser' ? '' : `x-thumbnail-client-runtime was ${seen.runtimeHeader}, not browser`;
    }
    if (!userAgent.startsWith(`thumbnail-api-client/${config.clientVersion} `))
      return `User-Agent ${userAgent} does not start with thumbnail-api-client/${config.clientVersion}`;
    // The runtime token: a name, with /<version> where the runtime tells it (workerd and edge-runtime do not).
    const named = ['node', 'bun', 'deno', 'workerd', 'edge-light', 'browser', 'unknown'].filter((runtime) =>
      new RegExp(`\\s${runtime}(/|\\s|$)`).test(userAgent),
    );
    return named.length === 1 && named[0] === config.runtime ? '' : `User-Agent ${userAgent} should name ${config.runtime} (and no other runtime)`;
  });
  if (inBrowser) {
    await check('refuses to run in a browser without dangerouslyAllowBrowser', () => {
      try {
        new sdk.ThumbnailClient({ apiKey: config.keys.ok, baseUrl: config.mockUrl });
        return 'constructed a client in a browser without the opt-in';
      } catch (error) {
        return error instanceof sdk.ConfigurationError && describe(error).includes('dangerouslyAllowBrowser') ? '' : `got ${describe(error)}`;
      }
    });
  }
  return { runtime: config.runtime, runtimeVersion: runtimeVersion(), checks };

  /** What the program really ran on, for the report (read here, not from the client, which is under test). */
  function runtimeVersion() {
    const scope = /** @type {any} */ (globalThis);
    if (scope.Deno?.version?.deno) return `deno ${scope.Deno.version.deno}`;
    if (scope.Bun?.version) return `bun ${scope.Bun.version}`;
    if (typeof scope.EdgeRuntime === 'string') return `edge-runtime (${scope.EdgeRuntime})`;
    if (scope.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
    if (scope.process?.versions?.node && scope.window === undefined) return `node ${scope.process.versions.node}`;
    return String(scope.navigator?.userAgent ?? 'unknown');
  }
}
