// The floor of the benchmark: node:http answering every request with the bytes the mock sends for a documented
// success (the contract's example, with the same headers), without reading the contract or the request.
import { createServer } from 'node:http';
import { openapi } from '@thumbnail-api/spec';

const examples = openapi.components.examples;
const listBody = Buffer.from(JSON.stringify(examples.ListThumbnailsResponseExample.value));
const createBody = Buffer.from(JSON.stringify(examples.CreateThumbnailResponseExample.value));
// The mock's header lines for a request without an Origin, prepared once as the mock prepares its answers: the floor
// sends the same bytes and does no more work than it must.
const headersOf = (body) => ['content-type', 'application/json', 'content-length', String(body.length), 'vary', 'Origin'];
const listHeaders = headersOf(listBody);
const createHeaders = headersOf(createBody);

const server = createServer((req, res) => {
  // The body is read to the end (a POST's before answering), as any server must on a kept-alive connection.
  req.resume();
  if (req.method === 'POST') req.once('end', () => res.writeHead(200, createHeaders).end(createBody));
  else res.writeHead(200, listHeaders).end(listBody);
});
server.listen(0, '127.0.0.1', () => console.log(`bare node:http listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
