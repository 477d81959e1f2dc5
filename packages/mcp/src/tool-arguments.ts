// Arguments are checked against the very schema the tool shows (closed: the documented fields only) before anything
// else happens. A field the schema does not name is refused, never passed on or ignored: it is either a guess at
// what the service does not document, or an attempt to steer the server (`confirm`, a budget, a key), and the model
// is told plainly that neither works.

import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '@thumbnail-api/spec/model';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { type CallContext, type ServedTool, toolError } from './tool-result.js';

/** What a tool was called with, checked: the arguments, or why they were refused. */
export type CheckedArguments = { readonly ok: true; readonly value: JsonObject } | { readonly ok: false; readonly message: string };

/** The check of one tool's arguments against its input schema. */
export type ArgumentCheck = (args: unknown) => CheckedArguments;

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
/**
 * Each schema's validator, compiled once and kept only while the schema is: the contract's tools are derived once
 * per contract, so every server reuses theirs. Ajv's own cache would keep every schema it compiled for good.
 */
const validators = new WeakMap<JsonObject, ValidateFunction>();

function validatorOf(schema: JsonObject): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    ajv.removeSchema(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Compiles `schema` once (see `validators`); the check names the tool, each field refused and what was wrong. */
export function argumentCheck(toolName: string, schema: JsonObject): ArgumentCheck {
  const validate = validatorOf(schema);
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

/** A tool that runs only with arguments its input schema accepts; refused ones are a tool error, and nothing runs. */
export function checkedTool(definition: Tool, run: (args: JsonObject, context: CallContext) => Promise<CallToolResult>): ServedTool {
  const check = argumentCheck(definition.name, definition.inputSchema as JsonObject);
  return {
    definition,
    async call(args, context) {
      const checked = check(args);
      if (!checked.ok) return toolError(checked.message);
      return run(checked.value, context);
    },
  };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'The arguments' : `\`${error.instancePath.slice(1).replaceAll('/', '.')}\``;
  if (error.keyword === 'required') return `\`${String(error.params.missingProperty)}\` is required`;
  return `${where} ${error.message ?? 'is invalid'}`;
}
