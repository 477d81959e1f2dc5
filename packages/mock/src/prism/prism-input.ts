// What Prism 5.14 crashes on, made safe before it gets there. Each of these throws in Prism where nothing catches
// it (found by fuzzing the mock when Prism was a child process, which then exited). Prism now runs in the mock's
// own process, so such a throw would end that process: every request forwarded to Prism goes through here.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { isMediaRange } from '../http/media-type.js';
import { messageHeaders } from '../node/http-client.js';

// The media types whose bodies Prism splits into fields itself (it does so for multipart too).
const formBody = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/**
 * The request's headers for Prism, which gets the body read whole. Prism throws on a media type it cannot parse
 * (`Accept: json`, or `Content-Type: json` on a GET): such Accept ranges are left out (with none left, Accept is
 * dropped), and such a Content-Type is dropped.
 */
export function headersForPrism(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  // The mock met the request's Expect itself; Prism would answer one it does not know with a 417 of its own.
  const forwarded = messageHeaders(headers, ['expect']);
  if (headers.accept !== undefined) {
    const ranges = headers.accept
      .split(',')
      .map((range) => range.trim())
      .filter(isMediaRange);
    if (ranges.length > 0) forwarded.accept = ranges.join(', ');
    else delete forwarded.accept;
  }
  if (headers['content-type'] !== undefined && !isMediaRange(headers['content-type'].trim())) delete forwarded['content-type'];
  // Framing is left to the sender: the body goes whole, with its length (a chunked body reads differently to Prism).
  return forwarded;
}

/** Whether Prism splits the request's body into form fields, which it then decodes. */
export function isFormBody(headers: IncomingHttpHeaders): boolean {
  return formBody.test(headers['content-type'] ?? '');
}

/**
 * A form body Prism can decode. Prism decodes each field name (the text before `=` in each `&`-separated part)
 * with decodeURIComponent and throws on a malformed escape (`%zz=1`, `%FF=1`); in such a name `%` is sent as
 * `%25`, so Prism reads the name as written and answers as for any other unexpected field.
 */
export function formBodyForPrism(body: Buffer): Buffer {
  const text = body.toString('utf8');
  let changed = false;
  const parts = text.split('&').map((part) => {
    const at = part.indexOf('=');
    const name = at === -1 ? part : part.slice(0, at);
    try {
      decodeURIComponent(name);
      return part;
    } catch {
      changed = true;
      return name.replaceAll('%', '%25') + (at === -1 ? '' : part.slice(at));
    }
  });
  return changed ? Buffer.from(parts.join('&'), 'utf8') : body;
}
