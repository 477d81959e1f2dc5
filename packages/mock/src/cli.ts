#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMock } from './start-mock.js';

const usage = `Usage: thumbnail-api-mock [--host 127.0.0.1] [--port 4010]

Serves the Thumbnail Generation Service API contract with Prism.`;

let values: { host?: string; port?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { host: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = values.port === undefined ? 4010 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535, got ${JSON.stringify(values.port)}.`);
  process.exit(2);
}

try {
  const mock = await startMock({ host: values.host ?? '127.0.0.1', port });
  console.log(`Thumbnail API mock listening on ${mock.url}`);
  const shutdown = () => {
    void mock.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
