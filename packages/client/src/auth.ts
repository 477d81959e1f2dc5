// Sends the key, as openapi-fetch middleware, and only where it may travel.
import type { Middleware } from 'openapi-fetch';
import type { AuthMethod } from './options.js';
import { assertKeyMayTravel } from './resolve-config.js';

/** Middleware that checks each request's URL, then sets `x-api-key` or `Authorization: Bearer`. */
export function authMiddleware(apiKey: string, auth: AuthMethod, baseUrl: string, allowInsecureHttp: boolean): Middleware {
  const [name, value] = auth === 'bearer' ? ['Authorization', `Bearer ${apiKey}`] : ['x-api-key', apiKey];
  const checkedPrefix = `${baseUrl}/`;
  return {
    onRequest({ request }) {
      // The base URL was checked at construction; client.raw also takes a per-request baseUrl, checked here.
      if (!request.url.startsWith(checkedPrefix)) assertKeyMayTravel(new URL(request.url), allowInsecureHttp);
      request.headers.set(name, value);
      return undefined;
    },
  };
}
