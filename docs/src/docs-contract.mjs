// Changes the docs-only copy of the contract needs before Redoc renders it (spec/ never has them):
// the contract version and downloads at the top of the overview, and server URLs Redoc can show; and the note that
// heads the mock's control-surface reference.
import { escapeHtml } from './site-layout.mjs';

/**
 * @typedef {{ [key: string]: unknown }} JsonObject
 * @typedef {import('./contract-version.mjs').ContractVersion} ContractVersion
 */

/**
 * A copy of the contract whose overview starts with the contract version, the bundle hash and the
 * files the site offers for download and for tools.
 * @param {JsonObject} contract
 * @param {ContractVersion} version
 * @param {{ href: string, label: string }[]} downloads
 */
export function withVersionNote(contract, version, downloads) {
  const copy = structuredClone(contract);
  const info = /** @type {{ description?: string }} */ (copy.info);
  const links = downloads.map(({ href, label }) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join(' · ');
  const note =
    `<p class="contract-version">Contract version <strong>${escapeHtml(version.contractVersion)}</strong> · bundle <code>${version.bundleHash}</code> ` +
    '(the first 12 hex digits of the SHA-256 of <a href="openapi.json">openapi.json</a>, the same file as <code>dist/openapi.json</code> ' +
    'in the <code>@thumbnail-api/spec</code> package of this version).</p>' +
    `<p class="site-downloads">Download: ${links}</p>`;
  info.description = `${note}\n\n${info.description ?? ''}`;
  return copy;
}

/**
 * A copy of the mock's control-surface document whose overview starts by saying what it is not (the service's API),
 * with a link to the service's reference and the files the site offers for download and for tools.
 * @param {JsonObject} document
 * @param {{ serviceHref: string, guideHref: string, downloads: { href: string, label: string }[] }} options
 */
export function withControlNote(document, { serviceHref, guideHref, downloads }) {
  const copy = structuredClone(document);
  const info = /** @type {{ description?: string }} */ (copy.info);
  const links = downloads.map(({ href, label }) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join(' · ');
  const note =
    '<p class="control-note"><strong>The test double’s routes, not the service’s.</strong> This page describes the control surface of ' +
    'the mock, <code>@thumbnail-api/mock</code>: the routes under <code>/__mock</code> that your tests call to read what your code sent ' +
    `and to choose answers and faults (<a href="${escapeHtml(guideHref)}">Testing your integration</a>). The Thumbnail Generation Service ` +
    `has no such routes; its API is in the <a href="${escapeHtml(serviceHref)}">API reference</a>.</p>` +
    `<p class="site-downloads">Download: ${links}. A running mock serves it too, for the contract it serves, at <code>GET /__mock/openapi.json</code>.</p>`;
  info.description = `${note}\n\n${info.description ?? ''}`;
  return copy;
}

/**
 * A copy of the contract whose server URLs have their variables' defaults filled in, each explained
 * in the server's description, and every server's description as plain text (Redoc shows no Markdown there). Redoc 3 shows a server URL as written: `{base_url}` unresolved, or,
 * once it has resolved it as a relative URL, the docs' own address (`<docs>/{base_url}`).
 * @param {JsonObject} contract
 */
export function withServerDefaults(contract) {
  const copy = structuredClone(contract);
  if (!Array.isArray(copy.servers)) return copy;
  copy.servers = copy.servers.map((/** @type {JsonObject} */ server) => {
    const variables = /** @type {Record<string, { default?: unknown, description?: unknown }>} */ (server.variables ?? {});
    const template = String(server.url);
    const used = [...template.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => name);
    if (used.length === 0) return typeof server.description === 'string' ? { ...server, description: `${plain(server.description)}.` } : server;
    const url = template.replace(/\{([^}]+)\}/g, (_, /** @type {string} */ name) => {
      const value = variables[name]?.default;
      if (typeof value !== 'string')
        throw new Error(`servers: the URL ${template} uses {${name}}, which has no default in its variables; give it one in spec/openapi.yaml.`);
      return value;
    });
    // Redoc shows a server's description as plain text: no Markdown here.
    const explained = [...new Set(used)].map((name) => {
      const { default: value, description } = variables[name] ?? {};
      return `${name} = ${value}${typeof description === 'string' ? ` (${plain(description)})` : ''}`;
    });
    const description = typeof server.description === 'string' ? `${plain(server.description)}. ` : '';
    const { variables: _variables, ...rest } = server;
    return { ...rest, url, description: `${description}The contract's URL is ${template}, shown here with the default filled in: ${explained.join('; ')}.` };
  });
  return copy;
}

/** @param {string} markdown One paragraph of Markdown, as plain text on one line. */
function plain(markdown) {
  return markdown
    .replace(/`/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/\.$/, '');
}
