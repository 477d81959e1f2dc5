// Runs a few calls of the built client in a child Node.js process with THUMBNAIL_API_LOG set, as a user would
// without writing any logging code, and returns what the process wrote to standard error.
import { type ProcessResult, runProcess } from '@thumbnail-api/dev-tools/run-process';

const built = new URL('../../dist/index.js', import.meta.url).href;

/**
 * `calls` is the body of an async function with `client` (made from `options`, JSON) and `ThumbnailClient` in scope;
 * its errors are caught and printed to stdout by name, so stderr holds only what the client and Node wrote.
 */
export function runWithLog(
  level: string | undefined,
  options: Record<string, unknown>,
  calls = 'await client.thumbnails.list();',
  extraEnv: Record<string, string> = {},
): Promise<ProcessResult> {
  const program = `
    import { ThumbnailClient } from ${JSON.stringify(built)};
    const client = new ThumbnailClient(${JSON.stringify(options)});
    try { ${calls} } catch (error) { console.log('threw', error?.name); }
  `;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...extraEnv };
  if (level !== undefined) env.THUMBNAIL_API_LOG = level;
  return runProcess(process.execPath, ['--input-type=module', '-e', program], { env, timeoutMs: 30_000 });
}

/** The client's own lines of a run's standard error. */
export const clientLines = (result: ProcessResult) => result.stderr.split('\n').filter((line) => line.startsWith('thumbnail-api'));
