// One build's side of a paired run (bench/paired.mjs), in a process of its own: loads the client from the index.js it is
// given, calls a local server of its own, and for each message from the parent runs a block of call pairs (a bare fetch
// and thumbnails.list(), in an order drawn afresh per pair), answering with the median time of each, in ms.
import { performance } from 'node:perf_hooks';
import { quantile, seededRandom, shuffled } from '@thumbnail-api/dev-tools/bench-rounds';
import { checked, startBenchServer } from './bench-server.mjs';

const [clientUrl = '', seed = '0'] = process.argv.slice(2);
const { ThumbnailClient } = await import(clientUrl);
const server = await startBenchServer();
// Default options, as in bench/run.mjs: the retry and timeout machinery on, as users get it.
const client = new ThumbnailClient({ apiKey: 'bench-key', baseUrl: server.baseUrl });
await client.thumbnails.list();
const headers = server.sentHeaders();
/** @type {Record<'fetch' | 'list', () => Promise<unknown>>} */
const contenders = {
  fetch: async () => checked(await fetch(server.url, { headers })),
  list: () => client.thumbnails.list(),
};
const names = /** @type {Array<'fetch' | 'list'>} */ (Object.keys(contenders));
const random = seededRandom(Number(seed));
const send = (/** @type {unknown} */ message) => /** @type {NonNullable<typeof process.send>} */ (process.send)(message);

process.on('message', async (/** @type {{ calls: number }} */ { calls }) => {
  /** @type {Record<'fetch' | 'list', number[]>} */
  const samples = { fetch: [], list: [] };
  for (let i = 0; i < calls; i++) {
    for (const name of shuffled(names, random)) {
      const start = performance.now();
      await contenders[name]();
      samples[name].push(performance.now() - start);
    }
  }
  send({ fetch: quantile(samples.fetch, 0.5), list: quantile(samples.list, 0.5) });
});
// The parent is done (or gone): nothing is left to keep this process.
process.on('disconnect', () => server.close());
send({ ready: true });
