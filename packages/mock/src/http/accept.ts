// Whether a request's Accept header lets the mock send a media type, read as Prism reads it: q=0 refuses, other
// parameters are ignored, and ranges no parser can read are left out (with none left, it is as if absent).

import { isMediaRange } from './media-type.js';

/** Whether `accept` (the header, if any) lets the mock answer with `mediaType`. */
export function accepts(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined || accept === '' || accept === '*/*' || accept === mediaType) return true;
  const [type, subtype] = mediaType.toLowerCase().split('/') as [string, string | undefined];
  let readable = 0;
  let best = -1;
  let bestQuality = 0;
  for (const part of accept.split(',')) {
    const range = part.trim();
    if (!isMediaRange(range)) continue;
    readable++;
    const [name = '', ...parameters] = range.split(';');
    const [rangeType = '', rangeSubtype = ''] = name.trim().toLowerCase().split('/');
    const specificity =
      rangeType === '*' ? (rangeSubtype === '*' ? 0 : -1) : rangeType !== type ? -1 : rangeSubtype === '*' ? 1 : rangeSubtype === subtype ? 2 : -1;
    if (specificity < 0 || specificity < best) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => /^q=/i.test(parameter));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    // The most specific matching range decides (RFC 9110, section 12.5.1).
    if (specificity > best || quality > bestQuality) {
      best = specificity;
      bestQuality = Number.isNaN(quality) ? 0 : quality;
    }
  }
  return readable === 0 || (best >= 0 && bestQuality > 0);
}
