// Header rules of HTTP itself: which headers describe one connection rather than the message (never relayed by the
// proxy, never set by a rule), and what a header name and value may be (Node's own rules, which writeHead enforces;
// written out here rather than imported from node:http, so that the browser door, which runs in a page, checks alike).

/** Headers that describe one connection, not the message (and Content-Length, which the sender sets from the body). */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

/**
 * What keeps `name: value` from being sent, checked with Node's own rules (what `writeHead` would throw on), or
 * `undefined` when it can be sent. Said so that the sender can fix it: the character at fault and where it is.
 */
export function headerProblem(name: string, value: string): string | undefined {
  if (!HEADER_NAME.test(name)) {
    return `${JSON.stringify(name.slice(0, 100))} is not a header name (letters, digits and !#$%&'*+.^_\`|~- only)`;
  }
  const chars = [...value];
  const at = chars.findIndex((char) => !isHeaderChar(char));
  if (at === -1) return undefined;
  const code = chars[at]?.codePointAt(0) ?? 0;
  const shown = code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${chars[at]}"`;
  return `the value of the header "${name}" has a character HTTP headers cannot carry (${shown} at position ${at + 1}); write it in ASCII, or percent-encode it`;
}

/** A header name as Node's `validateHeaderName` takes it: an HTTP token (RFC 9110 section 5.6.2). */
const HEADER_NAME = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;

/** A character Node sends in a header value: tab, visible ASCII, space, and Latin-1 above 0x7f. */
function isHeaderChar(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff);
}
