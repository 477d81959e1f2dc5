// How a POST or PATCH body goes to fetch in a browser. Chromium re-sends a body it holds as bytes on a 421, on a 408
// from a reused HTTP/1.1 connection, and when a reused connection fails before any answer; a stream body it never
// re-sends, but it sends one over HTTP/2 or HTTP/3 only (seen in Chromium 156: see "The POST rule" in the README).
import { isBrowser } from './browser-detection.js';
import { APIConnectionError, APITimeoutError, type ThumbnailClientError } from './errors.js';

/**
 * Whether a POST or PATCH body goes to fetch as a one-shot stream: always outside browsers; in a browser only to an
 * `https:` URL (browsers speak HTTP/2 over TLS only, so over `http:` a stream is always refused) and only if the
 * browser can send request streams at all.
 */
export function sendsBodyAsStream(url: string): boolean {
  if (!isBrowser()) return true;
  return new URL(url).protocol === 'https:' && supportsRequestStreams(url);
}

let requestStreams: boolean | undefined;

/**
 * The feature test of "Streaming requests with the fetch API" (developer.chrome.com): a browser without request
 * streams never reads `duplex`, and takes the stream for text, giving it a Content-Type.
 */
function supportsRequestStreams(url: string): boolean {
  if (requestStreams !== undefined) return requestStreams;
  try {
    let duplexRead = false;
    const hasContentType = new Request(url, {
      method: 'POST',
      body: new ReadableStream(),
      get duplex() {
        duplexRead = true;
        return 'half';
      },
    } as RequestInit).headers.has('content-type');
    requestStreams = duplexRead && !hasContentType;
  } catch {
    requestStreams = false;
  }
  return requestStreams;
}

/** Why a browser may fail a streamed POST or PATCH: fetch rejects the same TypeError whether or not it sent anything. */
const REFUSED_STREAM_HINT =
  'In a browser, a POST or PATCH body goes as a stream so that the browser cannot send it twice, and browsers send a ' +
  'stream over HTTP/2 or HTTP/3 only: if this server speaks HTTP/1.1, the browser refused the request before sending ' +
  'anything; otherwise the connection failed and the request may have reached the server. ' +
  'See "The POST rule" in the client README.';

/** Adds the hint to a connection failure (not a timeout) of a streamed body in a browser; other errors are returned as they are. */
export function explainStreamFailure(error: ThumbnailClientError): ThumbnailClientError {
  if (!isBrowser() || !(error instanceof APIConnectionError) || error instanceof APITimeoutError) return error;
  return new APIConnectionError(`${error.message} ${REFUSED_STREAM_HINT}`, { cause: error.cause });
}
