// What each guarantee of the client weighs in its bundle, and what is left without any of them: the floor under the
// bundle-size target (issue 24: at most 9 kB gzipped). The bundle is built as bench/bundle-size.mjs builds it, again with
// one guarantee's code cut out of dist/ (the least left that keeps the rest building), and the gzipped difference printed.
// Figures are printed, never asserted. Run after the build: node bench/bundle-floor.mjs
import { readFile } from 'node:fs/promises';
import { emptyMessages, sizeOf } from './bundle-size.mjs';

/** @param {string} text */
const replaceModule = (text) => () => text;

/**
 * Each guarantee, and how its code is cut out of dist/: a module's text replaced, or edited. An edit that changes
 * nothing throws, so the table cannot go stale silently when the code it cuts moves.
 * @type {Record<string, Record<string, (text: string) => string>>}
 */
const GUARANTEES = {
  'Deno permissions (typed RuntimePermissionError, env + net)': {
    'runtime-permissions.js':
      replaceModule(`export const settingsSource=(r)=>r==='workerd'?'worker-bindings':typeof globalThis.process?.env==='object'?'environment':'options-only';
export function readEnvironment(s){const v={};for(const x of s)v[x.variable]=globalThis.process?.env?.[x.variable];return v}
export const readIfAllowed=(v)=>globalThis.process?.env?.[v];export const networkPermissionError=()=>undefined;export const refusedBeforeStreaming=()=>undefined;`),
  },
  'browser stream body (one POST in browsers) + its hint': {
    'browser-request-body.js': replaceModule('export const sendsBodyAsStream=()=>true;export const explainStreamFailure=(e)=>e;'),
  },
  'runtime identity (User-Agent, runtime headers)': {
    'runtime-identity.js': replaceModule("export const detectRuntime=()=>({name:'node',version:undefined});export const identityHeaders=()=>({});"),
  },
  'withResponse/asResponse (APIPromise, guarded unread body)': {
    'api-promise.js': replaceModule('export const APIPromise=function(a,p){return a.then(({response,bytes})=>p(bytes,response))};'),
    'attempt.js': (t) => t.replace(/export function guardedBody[\s\S]*$/, 'export const guardedBody=()=>{};'),
  },
  'raw middleware applied to resource calls': {
    'thumbnail-client.js': (t) =>
      t
        .replace(/this\.#middleware\.size > 0\s*\?[\s\S]*?\}\)\s*:\s*this\.#transport/, 'this.#transport')
        .replace(/\/\*\* A resource call through openapi-fetch[\s\S]*?\n {4}\/\*\* client\.raw's fetch/, "/** client.raw's fetch")
        .replace(/const \{ use, eject \} = this\.raw;[\s\S]*?this\.baseUrl = baseUrl;/, 'this.baseUrl = baseUrl;'),
  },
  'key redaction everywhere': {
    'secret-redaction.js': replaceModule(`export const createRedact=()=>(t)=>t;export const redactValue=(v)=>v;export const redactHeaders=(h)=>h;
export const redactedAnswer=(r,b)=>({statusText:r.statusText,headers:r.headers,body:b});export const describeHeaders=()=>'';export const safeCause=(c)=>c;`),
  },
  'body and query checks (RequestArgumentError with the path at fault)': {
    'request-arguments.js': replaceModule('export const jsonBody=(b)=>JSON.stringify(b);export const checkQuery=()=>{};'),
  },
  'readable API-error messages (HTML page, excerpt, redirects, cut bodies)': {
    'response-error.js': (t) => t.replace(/const detail = [^;]*;/, "const detail = problem ?? '';").replace(/function explain[\s\S]*$/, ''),
  },
  'readable connection-failure messages (causes, 407 hint)': {
    'attempt-failure.js': (t) =>
      t.replace(/const reason = isUnexplained[\s\S]*?;\n/, 'const reason = "";\n').replace(/\/\/ Node's fetch turns a 407[\s\S]*$/, ''),
  },
  'logging (logger, THUMBNAIL_API_LOG, safe logger)': {
    'log.js': replaceModule("export const LOG_LEVELS=['debug','info','warn','error','off'];export const createLog=()=>undefined;"),
    'safe-logger.js': replaceModule('export const safeLogger=()=>()=>{};export const warn=()=>{};'),
  },
  'option checks (each option named, value shown, fix given)': {
    'resolve-config.js': (t) =>
      t
        .replace(/const apiKey = checkApiKey\([\s\S]*?\);\n/, 'const apiKey = options.apiKey ?? env.THUMBNAIL_API_KEY;\n')
        .replace(/const baseUrl = checkBaseUrl\([\s\S]*?\);\n/, 'const baseUrl = (options.baseUrl ?? env.THUMBNAIL_API_BASE_URL).replace(/\\/+$/, "");\n')
        .replace(/checkKnownKeys\(options, CLIENT_OPTIONS[^;]*;/, '')
        .replace(/checkKnownKeys\(options, \[\.\.\.CALL_OPTIONS[^;]*;/, '')
        .replace(/const allowInsecureHttp = checkBoolean\(([^,]*),[^;]*;/, 'const allowInsecureHttp = $1 === true;')
        .replace(/checkBoolean\(options\.dangerouslyAllowBrowser[^;]*;/, '')
        .replace(/([^ ])checkHeaders\((options\.headers)[^)]*\)/g, '$1($2 ?? {})')
        .replace(/checkNumber\(options, '(\w+)', \w+\)/g, 'options.$1')
        .replace(/function checkApiKey[\s\S]*?\n}\n/, '')
        .replace(/function checkBaseUrl[\s\S]*?\n}\n/, '')
        .replace(/function checkNumber[\s\S]*?\n}\n/, '')
        .replace(/function checkKnownKeys[\s\S]*?\n}\n/, '')
        .replace(/function checkBoolean[\s\S]*?\n}\n/, ''),
  },
  'retries with backoff and Retry-After': {
    'retry-policy.js': replaceModule(
      "export const isIdempotentMethod=(m)=>m!=='POST'&&m!=='PATCH';export const retriesFor=()=>0;export const isRetryableStatus=()=>false;export const retryDelayMs=()=>0;",
    ),
  },
};

/**
 * A plugin that loads dist/ with the cuts applied (and, if asked, every message emptied).
 * @param {Record<string, (text: string) => string>} cuts @param {boolean} [noMessages]
 * @returns {import('esbuild').Plugin}
 */
function cutting(cuts, noMessages = false) {
  return {
    name: 'cut-guarantees',
    setup(plugin) {
      plugin.onLoad({ filter: /[\\/]dist[\\/][^\\/]+\.js$/ }, async ({ path }) => {
        const name = path.replace(/^.*[\\/]/, '');
        let text = await readFile(path, 'utf8');
        const cut = cuts[name];
        if (cut) {
          const changed = cut(text);
          if (changed === text) throw new Error(`bench/bundle-floor.mjs: the cut of ${name} no longer matches its code: update the table.`);
          text = changed;
        }
        return { contents: noMessages ? emptyMessages(path, text) : text, loader: 'js' };
      });
    },
  };
}

const ENTRY = "export * from '../dist/index.js';";
const kb = (bytes) => (bytes / 1024).toFixed(2);
const whole = await sizeOf(ENTRY, [cutting({})]);
const openapiFetch = await sizeOf("export { default } from 'openapi-fetch';");
console.log(`The bundle: ${kb(whole.gz)} kB gzipped (${kb(whole.min)} kB minified); openapi-fetch alone ${kb(openapiFetch.gz)} kB gzipped.`);
console.log('What each guarantee weighs (the bundle with it cut out, gzipped bytes saved):');
/** @type {Record<string, (text: string) => string>} */
const all = {};
for (const [guarantee, cuts] of Object.entries(GUARANTEES)) {
  const without = await sizeOf(ENTRY, [cutting(cuts)]);
  console.log(`  ${String(whole.gz - without.gz).padStart(5)} B  ${guarantee}`);
  for (const [name, cut] of Object.entries(cuts)) {
    const before = all[name];
    all[name] = before ? (text) => cut(before(text)) : cut;
  }
}
const floor = await sizeOf(ENTRY, [cutting(all)]);
const bare = await sizeOf(ENTRY, [cutting(all, true)]);
console.log(`Without every guarantee above: ${kb(floor.gz)} kB gzipped; and with every message emptied too: ${kb(bare.gz)} kB gzipped.`);
