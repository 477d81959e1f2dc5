// One documented response made into bytes: its first example and each named example, serialised once.
import type { ResponseEntry } from '@thumbnail-api/spec/model';
import { isJsonMediaType } from '../http/media-type.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';

/** A documented response ready to send, under any status its key covers (`4XX` covers 404, `default` all). */
export interface ResponsePlan {
  /** The status key as documented: `200`, `4XX`, `default`. */
  readonly status: string;
  /** The one media type it is sent as; `undefined` when it documents no body. */
  readonly mediaType: string | undefined;
  /** Example names, in document order; the unnamed `example` field is `default`, as Prism names it. */
  readonly exampleNames: readonly string[];
  /** The answer with the first example (or no body), or the named example's; `undefined` for an unknown name. */
  answer(status: number, exampleName?: string): PreparedAnswer | undefined;
}

/** Whether an example fits the schema at a pointer; `undefined` when examples are known to fit (see compile-contract.ts). */
export type ExampleCheck = ((schemaPointer: string, value: unknown) => boolean) | undefined;

/**
 * Compiles a response, or says why the mock leaves it to Prism: several media types (content negotiation), headers
 * (Prism generates their values), a body without an example (Prism generates it), an example that breaks the schema
 * (Prism answers 500 then, with its --errors), or a media type other than JSON or text.
 */
export function compileResponse(entry: ResponseEntry, checkExample: ExampleCheck, extraHeaders: readonly string[]): ResponsePlan | string {
  const where = `the ${entry.status} response`;
  if (entry.content.length > 1) return `${where} documents several media types (content negotiation)`;
  if (entry.object.headers !== undefined && Object.keys(entry.object.headers as object).length > 0) return `${where} documents headers`;
  const media = entry.content[0];
  const bodies = new Map<string, Buffer>();
  if (media !== undefined) {
    if (media.examples.length === 0 && media.schemaPointer !== undefined) return `${where} has a schema but no example`;
    for (const example of media.examples) {
      const serialised = serialise(media.mediaType, example.value);
      if (serialised === undefined) return `${where}'s example ${example.name ?? 'default'} is sent as ${media.mediaType}, which Prism serialises`;
      if (checkExample && media.schemaPointer !== undefined && !checkExample(media.schemaPointer, example.value)) {
        return `${where}'s example ${example.name ?? 'default'} breaks its schema`;
      }
      const name = example.name ?? 'default';
      if (!bodies.has(name)) bodies.set(name, serialised);
    }
  }
  const first = bodies.values().next().value ?? Buffer.alloc(0);
  const answers = new Map<string, PreparedAnswer>();
  return {
    status: entry.status,
    mediaType: media?.mediaType,
    exampleNames: [...bodies.keys()],
    answer(status, exampleName) {
      const body = exampleName === undefined ? first : bodies.get(exampleName);
      if (body === undefined) return undefined;
      const cacheKey = `${status} ${exampleName ?? ''}`;
      let answer = answers.get(cacheKey);
      if (!answer) {
        answer = prepareAnswer(status, media?.mediaType, body, extraHeaders);
        answers.set(cacheKey, answer);
      }
      return answer;
    },
  };
}

/** The bytes Prism sends for an example: JSON as JSON, text as it is; `undefined` for what it serialises otherwise. */
function serialise(mediaType: string, value: unknown): Buffer | undefined {
  if (value === undefined) return undefined;
  if (isJsonMediaType(mediaType)) return Buffer.from(JSON.stringify(value), 'utf8');
  if (/^text\//i.test(mediaType) && typeof value === 'string') return Buffer.from(value, 'utf8');
  return undefined;
}
