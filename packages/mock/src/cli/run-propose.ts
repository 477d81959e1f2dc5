// `thumbnail-api-mock propose <dir>`: prints the overlay of what the recordings in <dir> show beyond the contract.
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { readContract } from '../contract/read-contract.js';
import { proposeOverlay, readRecordings } from '../record/propose.js';

export const proposeUsage = `Usage: npx @thumbnail-api/mock propose <dir> [--spec <file>]

Reads the recordings --record wrote into <dir> and prints, as an OpenAPI Overlay 1.0 document (YAML),
what the contract could add: statuses, body schemas (a field is required only if seen in every
answer) and headers the service answered; query parameter names and JSON request bodies that were
sent (values never copied); and paths it does not describe, with id-like segments folded into one
templated path (/api/persons/{personId}). Each is marked x-observed with its evidence (count, first
and last seen, upstream). Nothing is applied: review it first.`;

export async function runPropose(argv: readonly string[]): Promise<void> {
  let dir: string;
  let spec: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { spec: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(proposeUsage);
      process.exit(0);
    }
    if (positionals.length !== 1) throw new Error('propose takes one folder of recordings.');
    dir = positionals[0]!;
    spec = values.spec;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${proposeUsage}`);
    process.exit(2);
  }
  try {
    const contract = await readContract(spec);
    const recordings = readRecordings(dir);
    const overlay = proposeOverlay(recordings, contract.model, dir);
    process.stdout.write(stringify(overlay, { lineWidth: 0 }));
    console.error(
      `thumbnail-api-mock propose: ${recordings.length} recording(s), ${overlay.actions.length} action(s). Review before applying; nothing here is documented by the service.`,
    );
  } catch (error) {
    console.error(`thumbnail-api-mock propose: ${(error as Error).message}`);
    process.exit(1);
  }
}
