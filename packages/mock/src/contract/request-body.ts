// The request body of one operation, checked as Prism checks it: size, media type, JSON, then the schema.
import type { RequestBodyEntry } from '@thumbnail-api/spec/model';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import { isJsonMediaType, type MediaType, parseMediaType } from '../http/media-type.js';
import type { LazyValidator } from './lazy-validator.js';

/** The largest request body the mock reads, as Prism (10 MB); a larger one is answered 413. */
export const BODY_LIMIT = 10 * 1024 * 1024;

/** What an operation accepts: no body at all, or JSON (in the documented media types) fitting its schema. */
export type BodyRule =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'json';
      readonly required: boolean;
      readonly mediaTypes: readonly MediaType[];
      /** Whether a request's Content-Type is one of `mediaTypes` (remembers the last one asked: clients repeat theirs). */
      readonly documents: (contentType: string) => boolean;
      /** Where the schema sits; `undefined` when any JSON will do. */
      readonly schemaPointer: string | undefined;
      readonly validator: LazyValidator;
    };

/** A request body as read: its bytes, and its text once decoded (kept, so that validation, rules and the journal decode it once). */
export interface ReadBody {
  readonly body: Buffer | undefined;
  text: string | undefined;
}

/** The body's text (UTF-8), decoded the first time it is asked for; `undefined` when none was read. */
export function textOf(read: ReadBody): string | undefined {
  if (read.body === undefined) return undefined;
  // toString() without arguments is node's short path to UTF-8 (with 'utf8' it looks the encoding up first).
  read.text ??= read.body.toString();
  return read.text;
}

/** Why a body is refused: the status (whose documented answer is sent) and a note for the reader. */
export interface BodyRefusal {
  readonly status: 400 | 413 | 415 | 422;
  readonly note: string;
}

/** The rule of a request body, or a string saying why the mock leaves such bodies to Prism. */
export function compileBodyRule(body: RequestBodyEntry | undefined, validator: LazyValidator): BodyRule | string {
  if (body === undefined) return { kind: 'none' };
  if (body.content.length === 0) return 'the request body documents no media type';
  const mediaTypes: MediaType[] = [];
  for (const media of body.content) {
    const parsed = parseMediaType(media.mediaType);
    if (!parsed || !isJsonMediaType(media.mediaType)) return `the request body is documented as ${media.mediaType}, which Prism reads`;
    mediaTypes.push(parsed);
  }
  const schemas = new Set(body.content.map((media) => media.schemaPointer));
  if (schemas.size > 1) return 'the request body has a schema per media type';
  const [schemaPointer] = schemas;
  return { kind: 'json', required: body.required, mediaTypes, documents: rememberLast(documentedIn(mediaTypes)), schemaPointer, validator };
}

/** Whether a Content-Type matches one of `mediaTypes` by type and subtype (by suffix: `problem+json` is `json`), as Prism matches. */
function documentedIn(mediaTypes: readonly MediaType[]): (contentType: string) => boolean {
  return (contentType) => {
    const sent = parseMediaType(contentType);
    return (
      sent !== undefined &&
      mediaTypes.some((media) => (media.type === sent.type || media.type === '*') && (media.subtype === sent.subtype || media.subtype === '*'))
    );
  };
}

/** `test` with its last argument and answer kept: parsing the same Content-Type per request cost the POST hot path. */
function rememberLast(test: (text: string) => boolean): (text: string) => boolean {
  let lastText: string | undefined;
  let lastAnswer = false;
  return (text) => {
    if (text !== lastText) {
      lastAnswer = test(text);
      lastText = text;
    }
    return lastAnswer;
  };
}

/**
 * Checks a body read up to {@link BODY_LIMIT} (`read.body` is `undefined` when the request framed none, or a larger one);
 * `undefined` when it is accepted, a promise only while the validator is not loaded yet.
 */
export function checkBody(
  rule: BodyRule,
  framed: boolean,
  read: ReadBody,
  contentType: string | undefined,
): BodyRefusal | undefined | Promise<BodyRefusal | undefined> {
  const body = read.body;
  if (framed && body === undefined) return { status: 413, note: `The request body is larger than the mock reads (${BODY_LIMIT} bytes).` };
  const empty = body === undefined || body.length === 0;
  if (rule.kind === 'none') {
    return empty ? undefined : { status: 415, note: 'This operation takes no request body, and one was sent.' };
  }
  if (empty) return rule.required ? { status: 422, note: 'This operation requires a request body, and none was sent.' } : undefined;
  if (contentType === undefined || !rule.documents(contentType)) {
    const types = rule.mediaTypes.map((media) => media.text).join(', ');
    const what = contentType === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType.slice(0, 100))}`;
    return { status: 415, note: `The request body was sent with ${what}; the contract documents ${types}.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(textOf(read)!);
  } catch (error) {
    return { status: 400, note: `The request body is not valid JSON: ${(error as Error).message}` };
  }
  // As Prism: a JSON null is no body.
  if (value === null) return rule.required ? { status: 422, note: 'This operation requires a request body, and the body is null.' } : undefined;
  if (rule.schemaPointer === undefined) return undefined;
  const pointer = rule.schemaPointer;
  // Synchronous once the validator is loaded: a promise per request costs the POST hot path.
  const loaded = rule.validator.loaded;
  if (loaded === undefined) return rule.validator.load().then((validator) => schemaRefusal(validator, pointer, value));
  return schemaRefusal(loaded, pointer, value);
}

function schemaRefusal(validator: ContractValidator, pointer: string, value: unknown): BodyRefusal | undefined {
  const validate = validator.schemaAt(pointer);
  if (validate(value)) return undefined;
  const problems = (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message ?? 'is invalid'}`);
  return { status: 422, note: `The request body does not match the contract's schema: ${problems.join('; ')}.` };
}
