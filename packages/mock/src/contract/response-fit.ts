// Whether a response is one the contract documents for an operation: its status, media type and, for JSON, schema.
import type { ContractOperation } from '@thumbnail-api/spec/model';
import type { ContractValidator } from '@thumbnail-api/spec/validator';

/** Whether `body`, sent with `status` and `contentType`, is an answer the contract documents for `operation`. */
export function responseFits(
  validator: ContractValidator,
  operation: ContractOperation,
  status: number,
  contentType: string | undefined,
  body: Buffer,
): boolean {
  const response = operation.response(status);
  if (response === undefined) return false;
  if (response.content.length === 0) return body.length === 0;
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const documented = response.content.find((media) => mediaTypeMatches(media.mediaType.toLowerCase(), mediaType));
  if (documented === undefined) return false;
  if (!isJson(mediaType) || documented.schemaPointer === undefined) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  return validator.schemaAt(documented.schemaPointer)(parsed) === true;
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}
