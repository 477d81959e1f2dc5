// The HTTP methods an OpenAPI 3 path item can describe, as its field names (lower case).

/** The operation fields of a path item, in the order the OpenAPI 3.1 specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One of {@link HTTP_METHODS}. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Whether `name` is a path item's operation field, e.g. `get` (not `GET`, not `parameters`). */
export function isHttpMethod(name: string): name is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(name);
}
