// Kept equal to package.json's version by test/version.test.ts; sent in the User-Agent header.
/** This package's version. */
export const VERSION = '0.0.0';
