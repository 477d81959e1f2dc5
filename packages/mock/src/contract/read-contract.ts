// The contract the mock serves, read through @thumbnail-api/spec's contract model (the one reader of contracts): the
// bundled one, or a bundled OpenAPI 3 file given by path.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadContract, openapiJsonPath } from '@thumbnail-api/spec';
import { type ContractModel, ContractModelError, createContractModel } from '@thumbnail-api/spec/model';

/** The contract the mock serves, and where it was read (Prism reads the same file). */
export interface ServedContract {
  /** Absolute path of the document. */
  readonly path: string;
  readonly model: ContractModel;
}

/** Reads the bundled contract, or the document at `specPath`; fails with a message naming the file and the cause. */
export async function readContract(specPath?: string): Promise<ServedContract> {
  const path = specPath === undefined ? openapiJsonPath : resolve(specPath);
  let model: ContractModel;
  try {
    model = specPath === undefined ? loadContract() : createContractModel(await readDocument(path), { source: path });
  } catch (error) {
    if (error instanceof ContractModelError) throw new Error(error.message);
    throw error;
  }
  if (model.operations.length === 0) {
    throw new Error(`The contract ${path} describes no operations, so there is nothing to serve.`);
  }
  return { path, model };
}

async function readDocument(path: string): Promise<unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'the file does not exist' : (error as Error).message;
    throw new Error(`Cannot read the contract ${path}: ${why}. Pass the path of a bundled OpenAPI document, or none to serve the bundled contract.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: YAML (a superset), whose parser is loaded only for it.
  }
  const { parse } = await import('yaml');
  try {
    return parse(text, { maxAliasCount: 1000 });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new Error(`The contract ${path} is not valid YAML or JSON: ${reason}`);
  }
}
