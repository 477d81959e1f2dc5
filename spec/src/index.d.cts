/** Absolute path of the bundled contract as JSON. */
export declare const openapiJsonPath: string;
/** Absolute path of the bundled contract as YAML. */
export declare const openapiYamlPath: string;
/** The bundled OpenAPI 3.1 contract, parsed. */
export declare const openapi: {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly [key: string]: unknown };
  readonly paths: Readonly<Record<string, unknown>>;
  readonly components: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
};
