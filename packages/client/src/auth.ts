// Where the key may travel and in which header; and, for client.raw, openapi-fetch middleware that sends it only there.
import type { Middleware } from 'openapi-fetch';
import { ConfigurationError, RequestArgumentError } from './errors.js';
import type { AuthMethod } from './options.js';

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

/**
 * Refuses to send the key over plain http:// to anything but loopback, unless allowed. Checked for the
 * base URL at construction and again for every request, since `client.raw` takes a per-request `baseUrl`.
 */
export function assertKeyMayTravel(url: URL, allowInsecureHttp: boolean): void {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && (allowInsecureHttp || isLoopback(url.hostname)))) return;
  if (url.protocol === 'http:') {
    throw new ConfigurationError(
      `Refusing to send the API key over plain http:// to ${url.host}: anyone on the network could read it. ` +
        'Use https://, or pass allowInsecureHttp: true if the network is trusted (loopback addresses such as 127.0.0.1 are always allowed).',
    );
  }
  throw new ConfigurationError(`Refusing to send the API key with the ${url.protocol} scheme: use https:// (or http:// for loopback).`);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
