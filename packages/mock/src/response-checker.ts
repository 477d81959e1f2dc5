// Decides whether a response is one the contract documents: its media type and, for JSON, its schema.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { escapePointer, isObject, type JsonObject, type Located } from './json-ref.js';

/** Checks responses against the documented responses of a contract. */
export interface ResponseChecker {
  /** Whether `body` sent with `contentType` fits the documented response found at `response`. */
  fits(response: Located, contentType: string | undefined, body: Buffer): boolean;
}

const documentId = 'thumbnail-api-mock:contract';

export function createResponseChecker(document: JsonObject): ResponseChecker {
  // The whole document is registered once so that `$ref`s inside schemas resolve where they were written.
  // strict: false because OpenAPI documents carry keywords JSON Schema does not know (x-not-shown, ...).
  const ajv = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, allErrors: false });
  ajv.addSchema(document, documentId);
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string): ValidateFunction => {
    let validate = validators.get(pointer);
    if (!validate) {
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = ajv.compile({ $ref: `${documentId}#${fragment}` });
      validators.set(pointer, validate);
    }
    return validate;
  };

  return {
    fits(response, contentType, body) {
      if (!isObject(response.value)) return false;
      const content = response.value.content;
      if (!isObject(content) || Object.keys(content).length === 0) return body.length === 0;
      const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      const documented = Object.keys(content).find((key) => mediaTypeMatches(key.toLowerCase(), mediaType));
      if (documented === undefined) return false;
      const media = content[documented];
      if (!isJson(mediaType) || !isObject(media) || !('schema' in media)) return true;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return false;
      }
      return validatorAt(`${response.pointer}/content/${escapePointer(documented)}/schema`)(parsed) === true;
    },
  };
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}
