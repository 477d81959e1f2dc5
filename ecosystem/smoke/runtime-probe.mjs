// The runtime probe: what the client must do in each runtime beyond the smoke program, as a user would write it.
// One call with a debug logger, then the client made without a key, without a base URL, and from the runtime's
// own settings (the environment, or a Worker's env bindings); then a POST the probe server answers 421 (which the
// Fetch standard has fetch re-send when it can replay the body). Kept free of imports, like smoke-core.mjs: the
// case that runs it hands it the client module as that runtime loaded it.

/**
 * @param {any} sdk the `@thumbnail-api/client` module
 * @param {import('./runtime-probe.js').ProbeSettings} settings
 * @returns {Promise<import('./runtime-probe.js').ProbeReport>}
 */
export async function runProbe(sdk, settings) {
  const { ThumbnailClient, ThumbnailClientError } = sdk;
  /** @type {string[]} */
  const log = [];
  const logger = { debug: (/** @type {string} */ line) => log.push(line) };
  const { apiKey, baseUrl, bindings } = settings;

  /** @param {() => unknown} act */
  const outcome = async (act) => {
    try {
      await act();
      return { ok: true };
    } catch (error) {
      const caught = /** @type {any} */ (error);
      // Everything a user might print or log of the error.
      const shown = [String(caught), JSON.stringify(caught), caught?.stack, String(caught?.cause), caught?.cause?.stack];
      const keyShown = shown.some((text) => typeof text === 'string' && text.includes(apiKey));
      return { ok: false, name: caught?.name, message: caught?.message, flag: caught?.flag, typed: caught instanceof ThumbnailClientError, keyShown };
    }
  };

  const call = await outcome(() => new ThumbnailClient({ apiKey, baseUrl, logger }).thumbnails.list());
  return {
    // Whether this runtime also looks like Node.js (Bun, Deno, workerd with nodejs_compat do), which detection must see past.
    looksLikeNode: typeof (/** @type {any} */ (globalThis).process?.versions?.node) === 'string',
    call: {
      ...call,
      attempts: log.filter((line) => / \(attempt \d+ of \d+\) headers: /.test(line)).length,
      keyLogged: log.some((line) => line.includes(apiKey)),
    },
    missingKey: await outcome(() => new ThumbnailClient({ baseUrl })),
    missingBaseUrl: await outcome(() => new ThumbnailClient({ apiKey })),
    fromSettings: await outcome(() => {
      const client = bindings ? new ThumbnailClient({ apiKey: bindings.THUMBNAIL_API_KEY, baseUrl: bindings.THUMBNAIL_API_BASE_URL }) : new ThumbnailClient();
      return client.thumbnails.list();
    }),
    // Last, so the requests before it are as they were.
    post: await outcome(() => new ThumbnailClient({ apiKey, baseUrl, maxRetries: 3 }).thumbnails.create({ prompt: 'A red fox at dawn' })),
  };
}
