// The API key never reaches the model: every message the server sends passes through one guard on its transport, and
// every line it logs through the same redaction, so a key echoed by a server, a proxy or an error cannot slip out
// whatever code produced it.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

const REDACTED = '[redacted]';
// Deeper than any message this server builds; what lies below is cut rather than walked.
const MAX_DEPTH = 64;

/** Replaces the key (as written, and URL-encoded) in a text. */
export type Redact = (text: string) => string;

export function createRedact(key: string): Redact {
  const forms = [...new Set([key, encodeURIComponent(key)])].filter((form) => form !== '');
  return (text) => forms.reduce((out, form) => (out.includes(form) ? out.split(form).join(REDACTED) : out), text);
}

/** A copy of a JSON value with the key redacted from every string in it, names included. */
export function redactDeep<T>(value: T, redact: Redact): T {
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return redact(node);
    if (node === null || typeof node !== 'object') return node;
    if (depth >= MAX_DEPTH) return '[nested too deep]';
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    return Object.fromEntries(Object.entries(node).map(([name, item]) => [redact(name), walk(item, depth + 1)]));
  };
  return walk(value, 0) as T;
}

/** `transport`, its `send` made to redact the key from every message first. */
export function guardTransport<T extends Transport>(transport: T, redact: Redact): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(redactDeep(message, redact), options);
  return transport;
}
