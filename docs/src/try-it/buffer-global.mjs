// esbuild's `inject` for the Try it bundle: every free `Buffer` in the mock's engine (its bodies are Buffers) becomes
// the `buffer` package's, Node's Buffer API for browsers.
export { Buffer } from 'buffer';
