// The floor of the benchmark: node:http answering every request with the bytes the mock sends for a documented
// success (the contract's example, with the same headers), without reading the contract per request.
import { createServer } from 'node:http';
import { openapi } from '@thumbnail-api/spec';

const examples = openapi.components.examples;
const listBody = Buffer.from(JSON.stringify(examples.ListThumbnailsResponseExample.value));
const createBody = Buffer.from(JSON.stringify(examples.CreateThumbnailResponseExample.value));
const headers = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-credentials': 'true',
  'access-control-expose-headers': '*',
  'content-type': 'application/json',
};

const server = createServer((req, res) => {
  const body = req.method === 'POST' ? createBody : listBody;
  // The body is read to the end, as any server must before answering on a kept-alive connection.
  req.resume();
  req.on('end', () => res.writeHead(200, { ...headers, 'content-length': body.length }).end(body));
});
server.listen(0, '127.0.0.1', () => console.log(`bare node:http listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
