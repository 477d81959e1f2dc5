// The key's header; and, for client.raw, openapi-fetch middleware that sends it only where it may travel.
import type { Middleware } from 'openapi-fetch';
import { RequestArgumentError } from './errors.js';
import type { AuthMethod } from './options.js';
import { assertKeyMayTravel } from './resolve-config.js';

/** The header that carries the key, and its value: `x-api-key: <key>` or `Authorization: Bearer <key>`. */
export function keyHeaderOf(apiKey: string, auth: AuthMethod): [name: string, value: string] {
  return auth === 'bearer' ? ['authorization', `Bearer ${apiKey}`] : ['x-api-key', apiKey];
}

/**
 * Middleware that checks each request's URL and that the client's own transport sends it (`isClientFetch`), then
 * sets `x-api-key` or `Authorization: Bearer`.
 */
export function authMiddleware(
  name: string,
  value: string,
  baseUrl: string,
  allowInsecureHttp: boolean,
  isClientFetch: (fetch: unknown) => boolean,
): Middleware {
  const checkedPrefix = `${baseUrl}/`;
  return {
    onRequest({ request, options }) {
      // A fetch given to one client.raw call would get the key without the client's time limits, redirect refusal and POST rule.
      if (!isClientFetch(options.fetch)) {
        throw new RequestArgumentError(
          "client.raw calls take no fetch of their own: it would send the key past the client's time limits, retries, redirect refusal and one-POST rule. " +
            'Pass the fetch option to new ThumbnailClient() instead.',
          'fetch',
        );
      }
      // The base URL was checked at construction; client.raw also takes a per-request baseUrl, checked here.
      if (!request.url.startsWith(checkedPrefix)) assertKeyMayTravel(new URL(request.url), allowInsecureHttp);
      request.headers.set(name, value);
      return undefined;
    },
  };
}
