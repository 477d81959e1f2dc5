// The client the time-limit tests run: the sources, or the build that THUMBNAIL_CLIENT_UNDER_TEST names (a file URL of
// its index.js), which test/time-limit-mutations.test.ts points at copies of dist/ with a defect planted.
import type * as Client from '../../src/index.js';

const planted = process.env.THUMBNAIL_CLIENT_UNDER_TEST;

export const { APITimeoutError, ThumbnailClient }: typeof Client = planted ? await import(planted) : await import('../../src/index.js');
