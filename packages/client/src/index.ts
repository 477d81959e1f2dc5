import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '@thumbnail-api/types';

export type { paths, CreateThumbnailRequest, CreateThumbnailResponse, ListThumbnailsResponse, ErrorBody } from '@thumbnail-api/types';

/** How the API key is sent: `x-api-key` (the service's preferred method) or `Authorization: Bearer`. */
export type AuthMethod = 'x-api-key' | 'bearer';

export interface ThumbnailClientOptions {
  /** Your API key, from the service dashboard. Keep it in an environment variable, server-side only. */
  apiKey: string;
  /** Scheme and host of the service, e.g. `http://127.0.0.1:4010` for the local mock. */
  baseUrl: string;
  /** How the key is sent; defaults to `x-api-key`. */
  auth?: AuthMethod;
}

/** Creates a typed openapi-fetch client that sends the API key on every request. */
export function createThumbnailClient(options: ThumbnailClientOptions): Client<paths> {
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl });
  const auth: Middleware = {
    onRequest({ request }) {
      if (options.auth === 'bearer') request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      else request.headers.set('x-api-key', options.apiKey);
      return request;
    },
  };
  client.use(auth);
  return client;
}
