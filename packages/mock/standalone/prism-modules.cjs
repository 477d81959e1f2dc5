// Prism's modules that the mock loads (src/prism/), bundled into one file that the container image ships beside the
// executable: each is required on first use, keyed by the specifier loadPrism() asks for. The require() calls are
// written out so that esbuild bundles each module.
const loaders = {
  '@stoplight/prism-http': () => require('@stoplight/prism-http'),
  '@stoplight/prism-http/dist/router/index.js': () => require('@stoplight/prism-http/dist/router/index.js'),
  '@stoplight/prism-http/dist/validator/index.js': () => require('@stoplight/prism-http/dist/validator/index.js'),
  '@stoplight/prism-http-server': () => require('@stoplight/prism-http-server'),
  '@stoplight/prism-core': () => require('@stoplight/prism-core'),
  '@stoplight/prism-cli/dist/extensions.js': () => require('@stoplight/prism-cli/dist/extensions.js'),
};

for (const [specifier, load] of Object.entries(loaders)) {
  Object.defineProperty(module.exports, specifier, { enumerable: true, get: load });
}
