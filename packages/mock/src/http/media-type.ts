// Media types and ranges, read one way for every check: Accept, a request's Content-Type, a documented response.

const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
// A media type or range a parser can read: type/subtype and parameters (Prism throws on anything else).
const mediaRangePattern = new RegExp(`^${token}/${token}(?:[ \\t]*;[ \\t]*${token}=(?:${token}|"(?:[^"\\\\]|\\\\.)*"))*$`);
const essencePattern = /^([!#$%&'*+.^_`|~0-9a-z-]+)\/([!#$%&'*+.^_`|~0-9a-z-]+)$/;

/** A media type's type and subtype (by its suffix: `problem+json` is `json`), and its essence as written. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  readonly text: string;
}

/** Whether `text` is a media type or range with readable parameters, e.g. `application/json; q=0.5`. */
export function isMediaRange(text: string): boolean {
  return mediaRangePattern.test(text);
}

/** `Application/JSON; charset=utf-8` → `application/json`. */
export function essenceOf(text: string): string {
  return text.split(';')[0]!.trim().toLowerCase();
}

/** `application/problem+json; charset=utf-8` → type `application`, subtype `json` (Prism matches by the suffix). */
export function parseMediaType(text: string): MediaType | undefined {
  const match = essencePattern.exec(essenceOf(text));
  if (!match) return undefined;
  const subtype = match[2]!;
  return { type: match[1]!, subtype: subtype.slice(subtype.lastIndexOf('+') + 1), text: `${match[1]}/${subtype}` };
}

/** Whether a media type (parameters allowed) is JSON: `application/json` or `application/<anything>+json`. */
export function isJsonMediaType(text: string): boolean {
  return /^application\/(?:[^;]*\+)?json$/.test(essenceOf(text));
}

/** Whether a documented media type (`*\/*` and `image/*` are ranges) covers the essence `actual`. */
export function mediaTypeCovers(documented: string, actual: string): boolean {
  const range = essenceOf(documented);
  if (range === actual || range === '*/*') return true;
  return range.endsWith('/*') && actual.startsWith(range.slice(0, -1));
}
