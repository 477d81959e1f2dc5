// The build (scripts/write-version.mjs) writes package.json's version over this placeholder in dist/; only the
// unbuilt sources, which tests import, say `0.0.0-unbuilt`.
/** This package's version, sent in the User-Agent header. */
export const VERSION: string = '0.0.0-unbuilt';
