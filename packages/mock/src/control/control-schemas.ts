// The JSON Schemas of what the control surface takes and answers, as the control document's components: the test
// double's types (mock-rule.ts, journal-entry.ts, near-miss.ts, coverage.ts) described for a client in any language.
import { FAULTS } from '../double/mock-rule.js';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const count = { type: 'integer', minimum: 0 } as const;
const textOrTexts = { anyOf: [text, { type: 'array', items: text }] } as const;

/** The schemas by name (`#/components/schemas/<name>`), for a contract of `operationIds`. */
export function controlSchemas(operationIds: readonly string[]): Record<string, unknown> {
  const operationId = {
    type: 'string',
    enum: [...operationIds],
    description: 'An operationId of the served contract.',
  };
  return {
    MockRule: {
      description:
        'Which requests a rule matches (its operation, and optionally a key and body fields) and what it does with them. Its answer is checked against the response the contract documents for its status (else `default`); a rule that could never match is refused.',
      type: 'object',
      properties: {
        operationId,
        method: { ...text, description: 'With `path`, names the operation instead of `operationId`, e.g. `GET`.' },
        path: { ...text, description: 'A documented path, e.g. `/api/thumbnails`.' },
        key: { ...text, description: 'Matches only requests sent with this API key; listed back by its last four characters.' },
        body: { type: 'object', description: 'Fields the JSON request body must have, with these values.' },
        times: { type: 'integer', minimum: 1, description: 'Matches only the next `times` requests; by default every one until removed.' },
        delayMs: {
          type: 'number',
          minimum: 0,
          maximum: 600000,
          description: 'Waits this long before the answer or fault; alone, delays the contract’s own answer.',
        },
        fault: { type: 'string', enum: [...FAULTS], description: 'A failure outside HTTP’s answers, named by what the client sees.' },
        answer: { $ref: '#/components/schemas/RuleAnswer' },
      },
      additionalProperties: false,
      anyOf: [{ required: ['operationId'] }, { required: ['method', 'path'] }],
    },
    RuleAnswer: {
      description: 'What a rule answers with: a status, extra headers and a body (without one, the documented example for that status).',
      type: 'object',
      properties: {
        status: { type: 'integer', minimum: 200, maximum: 599 },
        headers: { type: 'object', additionalProperties: text },
        body: { description: 'Any JSON value; checked against the schema of the documented response.' },
      },
      additionalProperties: false,
    },
    RuleOrRules: {
      description: 'One rule, or an array of rules (checked all before any is added).',
      anyOf: [{ $ref: '#/components/schemas/MockRule' }, { type: 'array', items: { $ref: '#/components/schemas/MockRule' } }],
    },
    AddedRules: {
      description: 'The id of the rule added, or the ids of the rules added, in order.',
      anyOf: [
        { type: 'object', properties: { id: text }, required: ['id'], additionalProperties: false },
        { type: 'object', properties: { ids: { type: 'array', items: text } }, required: ['ids'], additionalProperties: false },
      ],
    },
    RuleInForce: {
      type: 'object',
      properties: {
        id: text,
        calls: { ...count, description: 'How many requests it has matched so far.' },
        rule: { $ref: '#/components/schemas/MockRule' },
      },
      required: ['id', 'calls', 'rule'],
      additionalProperties: false,
    },
    RulesInForce: {
      type: 'object',
      properties: { rules: { type: 'array', items: { $ref: '#/components/schemas/RuleInForce' } } },
      required: ['rules'],
      additionalProperties: false,
    },
    NearMissDescription: {
      description: 'The nearest rule to a request no rule answered, and where they differ.',
      type: 'object',
      properties: { rule: text, difference: text, differences: { type: 'array', items: text, minItems: 1 } },
      required: ['rule', 'difference', 'differences'],
      additionalProperties: false,
    },
    JournalEntry: {
      description: 'One request the mock received and what it answered; credentials redacted, the key shown by its last four characters.',
      type: 'object',
      properties: {
        time: { ...text, format: 'date-time' },
        method: text,
        path: text,
        query: { type: 'object', additionalProperties: textOrTexts },
        operationId: nullableText,
        status: { type: ['integer', 'null'] },
        headers: { type: 'object', additionalProperties: textOrTexts },
        body: { description: 'The body as sent: parsed when JSON, else text; `null` when none was read.' },
        bodyTruncated: { type: 'boolean' },
        rule: nullableText,
        simulated: nullableText,
        note: nullableText,
        keyHint: nullableText,
        nearMiss: { anyOf: [{ $ref: '#/components/schemas/NearMissDescription' }, { type: 'null' }] },
      },
      required: [
        'time',
        'method',
        'path',
        'query',
        'operationId',
        'status',
        'headers',
        'body',
        'bodyTruncated',
        'rule',
        'simulated',
        'note',
        'keyHint',
        'nearMiss',
      ],
      additionalProperties: false,
    },
    Journal: {
      type: 'object',
      properties: {
        requests: { type: 'array', items: { $ref: '#/components/schemas/JournalEntry' } },
        dropped: { ...count, description: 'Requests no longer kept (the journal keeps the last `--journal-size` of each key).' },
      },
      required: ['requests', 'dropped'],
      additionalProperties: false,
    },
    DroppedRequests: {
      type: 'object',
      properties: { dropped: count },
      required: ['dropped'],
      additionalProperties: false,
    },
    NearMiss: {
      description: 'A request no rule answered though its operation had rules: the nearest rule and where the request differs from it.',
      type: 'object',
      properties: {
        time: { ...text, format: 'date-time' },
        method: text,
        path: text,
        operationId: nullableText,
        status: { type: ['integer', 'null'] },
        keyHint: nullableText,
        rule: text,
        difference: text,
        differences: { type: 'array', items: text, minItems: 1 },
      },
      required: ['time', 'method', 'path', 'operationId', 'status', 'keyHint', 'rule', 'difference', 'differences'],
      additionalProperties: false,
    },
    NearMisses: {
      type: 'object',
      properties: { nearMisses: { type: 'array', items: { $ref: '#/components/schemas/NearMiss' } } },
      required: ['nearMisses'],
      additionalProperties: false,
    },
    CoverageReport: {
      description: 'What the requests exercised of the contract, for the whole run.',
      type: 'object',
      properties: {
        operations: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              operationId: text,
              method: text,
              path: text,
              outcomes: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { outcome: text, documented: { type: 'boolean' }, requests: count },
                  required: ['outcome', 'documented', 'requests'],
                  additionalProperties: false,
                },
              },
            },
            required: ['operationId', 'method', 'path', 'outcomes'],
            additionalProperties: false,
          },
        },
        notSeen: { type: 'array', items: text, description: 'Each documented outcome no request saw, e.g. `createThumbnail → 403 with x-api-key`.' },
        repeatedPosts: {
          type: 'array',
          items: {
            type: 'object',
            properties: { operationId: text, keyHint: nullableText, repeats: count, last: { ...text, format: 'date-time' } },
            required: ['operationId', 'keyHint', 'repeats', 'last'],
            additionalProperties: false,
          },
        },
      },
      required: ['operations', 'notSeen', 'repeatedPosts'],
      additionalProperties: false,
    },
    EndedRequests: {
      type: 'object',
      properties: { ended: { ...count, description: 'How many held requests were ended.' } },
      required: ['ended'],
      additionalProperties: false,
    },
    ControlDocument: {
      type: 'object',
      description: 'This document: OpenAPI 3.1.',
      properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' }, info: { type: 'object' }, paths: { type: 'object' } },
      required: ['openapi', 'info', 'paths'],
    },
    ControlError: {
      description: 'Why the control surface refused a request. `field` names the part of a rule at fault; `keyRequired` says the mock requires `?key=`.',
      type: 'object',
      properties: { error: text, field: text, keyRequired: { const: true } },
      required: ['error'],
      additionalProperties: false,
    },
    MockProblem: {
      description: 'A refusal before the control routes (a Host or Origin not answered, a body that is not JSON), as problem details (RFC 9457).',
      type: 'object',
      properties: { title: text, detail: text, status: { type: 'integer' }, type: text },
      required: ['title', 'detail', 'status', 'type'],
    },
  };
}
