// @thumbnail-api/mock/browser, for this repository only (package.json's publishConfig leaves it out, as ./internal): the
// mock's engine in a web page, for the docs' Try it (doors/browser-mock.ts).
export * from './doors/browser-mock.js';
