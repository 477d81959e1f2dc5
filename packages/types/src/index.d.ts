import type { components, operations, paths } from '../generated/openapi.gen.js';

export type { components, operations, paths };

/** Body of `POST /api/thumbnails`. */
export type CreateThumbnailRequest = components['schemas']['CreateThumbnailRequest'];
/** Success body of `POST /api/thumbnails` (its fields are not documented by the service). */
export type CreateThumbnailResponse = components['schemas']['CreateThumbnailResponse'];
/** Success body of `GET /api/thumbnails` (its fields are not documented by the service). */
export type ListThumbnailsResponse = components['schemas']['ListThumbnailsResponse'];
/** The service's error body: `{ success: false, error: string }`. */
export type ErrorBody = components['schemas']['ErrorBody'];
