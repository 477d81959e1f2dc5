// Runs under Node.js 22 (Verdaccio needs it): starts Verdaccio with the given config on 127.0.0.1 and a free port,
// prints {"port": N} once it listens, and exits when its parent closes stdin (the parent ended, however it ended).
// Usage: node verdaccio-server.mjs <path to verdaccio's package dir> <config.yaml>
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [verdaccioDir = '', configPath = ''] = process.argv.slice(2);
const entry = createRequire(join(verdaccioDir, 'package.json')).resolve('verdaccio');
const { runServer } = await import(pathToFileURL(entry).href);
const server = await runServer(configPath);
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
const stop = () => {
  server.close();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
