// The body of a status the service does not document, simulated by a rule without a body of its own: the contract's
// example for it (its `default` response), with its text saying it is simulated, so that a log reads "Simulated 503
// (not documented by the service)" rather than the example's own words. Kept within the documented schema.

/** The text a simulated status's body carries. */
export function simulatedText(status: number): string {
  return `Simulated ${status} (not documented by the service)`;
}

/**
 * `example` with its first text field that the schema lets carry {@link simulatedText} set to it; the example itself
 * when it has none (it is not an object, or no field of it may hold that text).
 */
export function simulatedBody(example: unknown, status: number, fits: ((value: unknown) => boolean) | undefined): unknown {
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return example;
  for (const [field, value] of Object.entries(example)) {
    if (typeof value !== 'string') continue;
    const candidate = { ...example, [field]: simulatedText(status) };
    if (fits === undefined || fits(candidate)) return candidate;
  }
  return example;
}
