// Prism's modules that the mock loads (src/prism/), bundled into one file that the container image ships beside the
// executable: each is required on first use, keyed by the specifier loadPrism() asks for.
module.exports = {
  get '@stoplight/prism-http'() {
    return require('@stoplight/prism-http');
  },
  get '@stoplight/prism-http/dist/router/index.js'() {
    return require('@stoplight/prism-http/dist/router/index.js');
  },
  get '@stoplight/prism-http/dist/validator/index.js'() {
    return require('@stoplight/prism-http/dist/validator/index.js');
  },
  get '@stoplight/prism-http-server'() {
    return require('@stoplight/prism-http-server');
  },
  get '@stoplight/prism-core'() {
    return require('@stoplight/prism-core');
  },
  get '@stoplight/prism-cli/dist/extensions.js'() {
    return require('@stoplight/prism-cli/dist/extensions.js');
  },
};
