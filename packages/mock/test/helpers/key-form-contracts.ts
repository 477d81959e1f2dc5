// Contracts whose API key travels otherwise than the bundled one's: copies of the bundled contract with only their
// security schemes changed, written into a folder for the doors that read a contract from a file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapi } from '@thumbnail-api/spec';

/** A contract variant: how a test sends a key under it, and how coverage and the registry's note name its forms. */
export interface KeyFormContract {
  /** The contract's file. */
  readonly specPath: string;
  /** The headers that carry `key` the way this contract says. */
  send(key: string): Record<string, string>;
  /** The headers of the bundled contract's way this one does not take. */
  sendOtherwise(key: string): Record<string, string>;
  /** The header the journal shows the key's hint in, when the key travels in one of its own. */
  readonly keyHeader: string | undefined;
  /** How coverage names the forms, in the contract's order, e.g. `with x-thumbnail-key`. */
  readonly forms: readonly string[];
  /** The registry's note for a request without a key. */
  readonly noKeyNote: string;
}

/** Writes the variants into `dir`: the key in `x-thumbnail-key` (Bearer still the alternative), and Bearer only. */
export function keyFormContracts(dir: string): Record<string, KeyFormContract> {
  const write = (name: string, change: (document: any) => void) => {
    const document = structuredClone(openapi) as any;
    change(document);
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify(document));
    return path;
  };
  return {
    'the key in x-thumbnail-key': {
      specPath: write('other-header', (document) => {
        document.components.securitySchemes.ApiKeyHeader.name = 'x-thumbnail-key';
      }),
      send: (key) => ({ 'x-thumbnail-key': key }),
      sendOtherwise: (key) => ({ 'x-api-key': key }),
      keyHeader: 'x-thumbnail-key',
      forms: ['with x-thumbnail-key', 'with Authorization: Bearer'],
      noKeyNote: 'no API key sent (x-thumbnail-key, or Authorization: Bearer <key>)',
    },
    'the key as a bearer token only': {
      specPath: write('bearer-only', (document) => {
        document.security = [{ BearerAuth: [] }];
        delete document.components.securitySchemes.ApiKeyHeader;
      }),
      send: (key) => ({ authorization: `Bearer ${key}` }),
      sendOtherwise: (key) => ({ 'x-api-key': key }),
      keyHeader: undefined,
      forms: ['with Authorization: Bearer'],
      noKeyNote: 'no API key sent (Authorization: Bearer <key>)',
    },
  };
}
