// The mock a test file runs against: ../src/index.js, or the copy with a defect planted that MOCK_MODULE_UNDER_TEST
// names (helpers/mutant-mock.ts), so that the same file shows its check failing on the copy.
export const mockUnderTest = (
  process.env.MOCK_MODULE_UNDER_TEST === undefined ? await import('../../src/index.js') : await import(process.env.MOCK_MODULE_UNDER_TEST)
) as typeof import('../../src/index.js');
