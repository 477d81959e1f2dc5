// Hosts `startMock()` (or, with the argument `compiled`, the compiled path alone: `startCompiledMock()` of the internal
// entry point) in a process of its own, as a user's test process does, so that its memory and CPU are measured apart
// from the load generator. Times the import, and the call → resolved → first 200 (a node:http request, which needs no
// lazy loading, unlike fetch).
import { request } from 'node:http';

const compiled = process.argv[2] === 'compiled';
const importStarted = performance.now();
const module = await import(compiled ? '../dist/internal.js' : '../dist/index.js').catch((error) => {
  process.send({ error: `cannot import the mock: ${error.message}` });
  process.exit(1);
});
const start = compiled ? module.startCompiledMock : module.startMock;
if (typeof start !== 'function') {
  process.send({ error: compiled ? 'this build has no startCompiledMock (dist/internal.js)' : 'this build has no startMock' });
  process.exit(1);
}
const called = performance.now();
const mock = await start({ port: 0 });
const resolved = performance.now();
const status = await new Promise((resolve, reject) => {
  const req = request(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'bench-key' }, agent: false }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
  });
  req.on('error', reject);
  req.end();
});
const firstAnswer = performance.now();
process.send({ url: mock.url, status, importMs: called - importStarted, resolveMs: resolved - called, firstAnswerMs: firstAnswer - called });

const stop = async () => {
  await mock.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
