// The Host names a server on the developer's machine answers (as Vite's `server.allowedHosts`): a web page can make a
// name it controls resolve to 127.0.0.1 (DNS rebinding) and then read and drive the server as its own origin; its
// requests still say that name in Host. IP addresses, localhost and *.localhost cannot be taken over that way.
import { isIP } from 'node:net';

/** The names allowed besides IP addresses and localhost: exact names, and `.example.test` for a name and its subdomains. */
export interface AllowedHosts {
  readonly names: ReadonlySet<string>;
  readonly suffixes: readonly string[];
}

const hostName = /^\.?(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Checks `--allowed-host` values (host names, or `.name` for a name and its subdomains); throws naming a bad one. */
export function allowedHostsOf(values: string | readonly string[] | undefined): AllowedHosts {
  const names = new Set<string>();
  const suffixes: string[] = [];
  for (const value of typeof values === 'string' ? [values] : (values ?? [])) {
    const name = value.trim().toLowerCase().replace(/\.$/, '');
    if (isIP(name) !== 0) continue;
    if (!hostName.test(name)) {
      throw new Error(
        `The allowed host ${JSON.stringify(value.slice(0, 100))} is not a host name. Give the name alone, without scheme or port (e.g. mock, or thumbnail-mock.ci), or .example.test for a name and its subdomains.`,
      );
    }
    if (name.startsWith('.')) suffixes.push(name);
    else names.add(name);
  }
  return { names, suffixes };
}

/** Whether a request with this Host header may be answered (none at all: HTTP/1.0, which no browser sends). */
export function isAllowedHost(allowed: AllowedHosts, header: string | undefined): boolean {
  if (header === undefined) return true;
  const name = hostNameOf(header);
  if (name === undefined) return false;
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
  return allowed.names.has(name) || allowed.suffixes.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix));
}

/** The host name of a Host header: lower case, without the port, a trailing dot or an IPv6 address's brackets. */
export function hostNameOf(header: string): string | undefined {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    const rest = host.slice(end + 1);
    return end !== -1 && (rest === '' || /^:\d+$/.test(rest)) ? host.slice(1, end) : undefined;
  }
  const colon = host.lastIndexOf(':');
  const name = colon === -1 ? host : host.slice(0, colon);
  if (colon !== -1 && !/^\d+$/.test(host.slice(colon + 1))) return undefined;
  return name === '' ? undefined : name.replace(/\.$/, '');
}
