// connectMock: the test double of a mock running in another process (`npx @thumbnail-api/mock -- <command>`, a CI
// service), driven over its `/__mock` routes: the same interface as startMock()'s and createHandlers()'s results, with
// the same errors, every answer a promise (as WireMock's HttpAdminClient is its Admin over HTTP). Its members are the
// route table's: each carried out by the route that names it.

import { BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import { ControlClient } from '../control/control-client.js';
import { CONTROL_ROUTES } from '../control/control-routes.js';
import type { ContractOperations, ThumbnailApiOperations } from '../double/operation-types.js';
import { checkViewKey, type TestDouble } from '../double/test-double.js';
import { checkBaseUrl } from './base-url.js';

/** The test double of a mock reached over HTTP: every answer promised. */
export interface ConnectedMock<C extends ContractOperations = ThumbnailApiOperations> extends TestDouble<C, 'promised'> {
  /** The mock's base URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
}

/**
 * The test double of the mock at `url` (default: `THUMBNAIL_API_BASE_URL`, which `npx @thumbnail-api/mock -- <command>`
 * sets). Nothing is sent until a method is called; a mock that cannot be reached rejects that call with a
 * `MockControlError` saying what to do. The types are the bundled contract's; for another (`--spec`), pass its
 * openapi-typescript `operations` as `C`, or `AnyOperations`.
 */
export function connectMock<C extends ContractOperations = ThumbnailApiOperations>(url?: string): ConnectedMock<C> {
  const client = new ControlClient(baseUrlOf(url));
  const connected = Object.assign(remoteMembers(client, undefined), {
    url: client.base,
    forKey(key: unknown) {
      checkViewKey(key);
      return remoteMembers(client, key);
    },
  });
  // What the mock sends back is what it recorded and was given; the contract's types describe it for the test.
  return connected as unknown as ConnectedMock<C>;
}

/** Every member the route table carries out, over HTTP: of every key, or of `key` alone (a view, whose filters name no key). */
function remoteMembers(client: ControlClient, key: string | undefined): Record<string, (argument?: unknown) => Promise<unknown>> {
  const members: Record<string, (argument?: unknown) => Promise<unknown>> = {};
  for (const route of CONTROL_ROUTES) {
    const member = route.member;
    // A rule handle's remove() is no member of the double; the document is no member at all.
    if (member === undefined || member === 'removeRule') continue;
    members[member] = (argument) => {
      if (route.body !== undefined) return client.call(member, { body: argument, key });
      const filter = (argument ?? {}) as { operationId?: string; key?: string };
      return client.call(member, { operationId: filter.operationId, key: key ?? filter.key });
    };
  }
  return members;
}

/** The mock's base URL: the one given, else the wrapper's variable; a TypeError saying what to pass when neither will do. */
function baseUrlOf(url: string | undefined): string {
  const given = url ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[BASE_URL_VARIABLE];
  if (given === undefined || given === '') {
    throw new TypeError(
      `connectMock() needs the mock's URL: pass it, e.g. connectMock('http://127.0.0.1:4010'), or run your tests under npx @thumbnail-api/mock -- <command>, which sets ${BASE_URL_VARIABLE}.`,
    );
  }
  return checkBaseUrl(given, { door: 'connectMock()', noun: 'URL of the mock', what: 'the URL of the mock', example: 'http://127.0.0.1:4010' }).base;
}
