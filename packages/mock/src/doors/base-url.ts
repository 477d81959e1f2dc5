// The base URL a door is given (createHandlers()'s `baseUrl`, connectMock()'s mock URL), checked one way for both:
// http or https, without query, fragment or credentials; errors say what to pass, with an example.

/** How a door names the URL it takes, for its errors. */
export interface BaseUrlUse {
  /** The door, e.g. `createHandlers()`. */
  readonly door: string;
  /** The URL in a few words, e.g. `baseUrl`. */
  readonly noun: string;
  /** What it is, e.g. `baseUrl, the URL your code sends its requests to (the client's baseUrl)`. */
  readonly what: string;
  readonly example: string;
}

/** The URL, and the base requests go under: its origin and path without a trailing slash (`https://api.test`, `https://x.test/v1`). */
export interface BaseUrl {
  readonly url: URL;
  readonly base: string;
  /** The path requests go under, without a trailing slash (`''` at the root). */
  readonly basePath: string;
}

/** Checks `given`; throws a TypeError saying what `use`'s door needs. */
export function checkBaseUrl(given: unknown, use: BaseUrlUse): BaseUrl {
  if (typeof given !== 'string' || !URL.canParse(given)) {
    throw new TypeError(`${use.door} needs ${use.what}, e.g. '${use.example}'; got ${describe(given)}.`);
  }
  const url = new URL(given);
  if (!/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError(
      `${use.door} needs an http or https ${use.noun} without query, fragment or credentials, e.g. '${use.example}'; got ${describe(given)}.`,
    );
  }
  const basePath = url.pathname.replace(/\/+$/, '');
  return { url, base: `${url.origin}${basePath}`, basePath };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 100)) : value === undefined ? 'nothing' : typeof value;
}
