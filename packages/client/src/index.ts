// The public surface of @thumbnail-api/client. Internal modules are not exported.

export type { CreateThumbnailRequest, CreateThumbnailResponse, ErrorBody, ListThumbnailsResponse, paths } from '@thumbnail-api/types';
export type { APIPromise, WithResponse } from './api-promise.js';
export {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestArgumentError,
  ResponseTooLargeError,
  RuntimePermissionError,
  ThumbnailApiError,
  ThumbnailClientError,
  UnprocessableEntityError,
} from './errors.js';
export type {
  AuthMethod,
  FetchFunction,
  HttpMethod,
  RawRequestOptions,
  RequestOptions,
  ThumbnailClientLogger,
  ThumbnailClientOptions,
} from './options.js';
export { ThumbnailClient, type ThumbnailsResource } from './thumbnail-client.js';
export { VERSION } from './version.js';
