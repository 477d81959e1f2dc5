// What HTTP allows in a header name and value: checked before a header is sent, and before a reason phrase is put in a
// message or a new Response (which refuses anything else).

/** A header name (RFC 9110 token). */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The characters of a header value, and of a reason phrase (HTAB, SP, VCHAR, obs-text): what Headers and Response accept. */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
