// Arguments are checked against the very schema the tool shows (closed: the documented fields only) before anything
// else happens. A field the schema does not name is refused, never passed on or ignored: it is either a guess at
// what the service does not document, or an attempt to steer the server (`confirm`, a budget, a key), and the model
// is told plainly that neither works.

import type { JsonObject } from '@thumbnail-api/spec/model';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';

/** What a tool was called with, checked: the arguments, or why they were refused. */
export type CheckedArguments = { readonly ok: true; readonly value: JsonObject } | { readonly ok: false; readonly message: string };

/** The check of one tool's arguments against its input schema. */
export type ArgumentCheck = (args: unknown) => CheckedArguments;

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });

/** Compiles `schema` once; the check names the tool, each field refused and what was wrong. */
export function argumentCheck(toolName: string, schema: JsonObject): ArgumentCheck {
  const validate = ajv.compile(schema);
  const documented = Object.keys((schema.properties as JsonObject | undefined) ?? {});
  const takes = documented.length === 0 ? 'takes no arguments' : `takes only ${documented.map((name) => `\`${name}\``).join(', ')}`;
  return (args) => {
    const value = args ?? {};
    if (validate(value)) return { ok: true, value: value as JsonObject };
    const errors = validate.errors ?? [];
    const extra = errors.filter((error) => error.keyword === 'additionalProperties').map((error) => String(error.params.additionalProperty));
    const other = errors.filter((error) => error.keyword !== 'additionalProperties').map(describe);
    const parts = [`Nothing was sent: the arguments of ${toolName} were refused.`];
    if (extra.length > 0) {
      parts.push(
        `${toolName} ${takes}; ${extra.map((name) => `\`${name}\``).join(', ')} ${extra.length === 1 ? 'is' : 'are'} not ${extra.length === 1 ? 'an argument' : 'arguments'} of it.`,
        'Fields the service does not document are not sent. No argument can confirm a billed call, change the budget or supply a key: ' +
          'the user confirms each one, the budget is set when the server starts, and the key comes from its environment.',
      );
    }
    if (other.length > 0) parts.push(`${other.join('; ')}.`);
    return { ok: false, message: parts.join(' ') };
  };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'The arguments' : `\`${error.instancePath.slice(1).replaceAll('/', '.')}\``;
  if (error.keyword === 'required') return `\`${String(error.params.missingProperty)}\` is required`;
  return `${where} ${error.message ?? 'is invalid'}`;
}
