// Whether a response is one the contract documents for an operation: its status, media type and, for JSON, schema.
import type { ContractOperation } from '@thumbnail-api/spec/model';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import { essenceOf, isJsonMediaType, mediaTypeCovers } from '../http/media-type.js';

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
  const mediaType = essenceOf(contentType ?? '');
  const documented = response.content.find((media) => mediaTypeCovers(media.mediaType, mediaType));
  if (documented === undefined) return false;
  if (!isJsonMediaType(mediaType) || documented.schemaPointer === undefined) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  return validator.schemaAt(documented.schemaPointer)(parsed) === true;
}
