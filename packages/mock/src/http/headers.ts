// Header rules of HTTP itself: which headers describe one connection rather than the message (never relayed by the
// proxy, never set by a rule), and what a header name may be.

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

/** A header name: an RFC 9110 token. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
