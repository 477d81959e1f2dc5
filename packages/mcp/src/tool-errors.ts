// What went wrong in a call, said to the model as a tool error: what happened, whether anything may have been billed,
// and what to do next (often: ask the user, because only they can change the key, the budget or the organization).
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConfigurationError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  ResponseTooLargeError,
  ThumbnailApiError,
} from '@thumbnail-api/client';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import type { OperationKind } from './operation-kind.js';

/** The tool error's text for a call to a tool of `kind` that failed with `error` (the client's typed errors). */
export function describeCallFailure(error: unknown, toolName: string, kind: OperationKind): string {
  const said = error instanceof Error ? error.message : String(error);
  // A POST that reached the service may have generated and billed, whatever came back: retrying could bill twice.
  const mayHaveBilled =
    kind === 'billed'
      ? ` The request was sent, so the service may have generated (and billed) it even so. Do not call ${toolName} again to retry: list the thumbnails first to see whether it was made, and ask the user before another try.`
      : '';
  if (error instanceof AuthenticationError) {
    return `The service refused the API key (${said}). The key comes from ${API_KEY_VARIABLE} in this server's configuration, which only the user can change; retrying will not help.`;
  }
  if (error instanceof PermissionDeniedError) {
    return `The service answered that this key has no access (${said}). A key acts in its user's active organization, which is switched in the service dashboard, not through the API: ask the user.`;
  }
  if (error instanceof APITimeoutError) return `No complete answer came in time (${said}).${mayHaveBilled || ' Try again later.'}`;
  if (error instanceof APIConnectionError) {
    return `The service could not be reached (${said}).${mayHaveBilled || ` Check with the user that the service is up and ${BASE_URL_VARIABLE} is right.`}`;
  }
  if (error instanceof APIUserAbortError) return `The call was cancelled (${said}).${mayHaveBilled}`;
  if (error instanceof ResponseTooLargeError) return `The answer was too large to read (${said}).${mayHaveBilled}`;
  if (error instanceof RateLimitError) return `The service asked to slow down (${said}). Wait before trying again.${mayHaveBilled}`;
  if (error instanceof InternalServerError) return `The service failed (${said}).${mayHaveBilled || ' Try again later.'}`;
  if (error instanceof ThumbnailApiError) return `The service did not answer with usable data (${said}).${mayHaveBilled}`;
  if (error instanceof ConfigurationError) return `Nothing was sent: the call was refused before sending (${said}).`;
  return `The call failed unexpectedly (${said}).${mayHaveBilled}`;
}
