// The mix of the 10,000-request run: what a test suite sends (success with either key form, no key, a wrong
// scheme, an asked-for 403, an invalid body, a named example), each with Prism's answer as the expected one.

/** The requests of the mix; `expect` is filled in from the Prism CLI's answers. */
const requests = [
  { name: 'GET, x-api-key', request: { method: 'GET', path: '/api/thumbnails', headers: { 'x-api-key': 'bench-key' } } },
  {
    name: 'POST, x-api-key',
    request: {
      method: 'POST',
      path: '/api/thumbnails',
      headers: { 'x-api-key': 'bench-key', 'content-type': 'application/json' },
      body: '{"prompt":"A red fox at dawn"}',
    },
  },
  { name: 'GET, Bearer', request: { method: 'GET', path: '/api/thumbnails', headers: { authorization: 'Bearer bench-key' } } },
  { name: 'GET, no key', request: { method: 'GET', path: '/api/thumbnails', headers: {} } },
  { name: 'GET, lower-case bearer', request: { method: 'GET', path: '/api/thumbnails', headers: { authorization: 'bearer bench-key' } } },
  { name: 'GET, Prefer code=403', request: { method: 'GET', path: '/api/thumbnails', headers: { 'x-api-key': 'bench-key', prefer: 'code=403' } } },
  {
    name: 'POST, invalid body',
    request: { method: 'POST', path: '/api/thumbnails', headers: { 'x-api-key': 'bench-key', 'content-type': 'application/json' }, body: '{}' },
  },
  {
    name: 'POST, Prefer example=',
    request: {
      method: 'POST',
      path: '/api/thumbnails',
      headers: { 'x-api-key': 'bench-key', 'content-type': 'application/json', prefer: 'example=CreateThumbnailResponseExample' },
      body: '{"prompt":"x"}',
    },
  },
];

/** The mix with each request's expected answer: status, content type and body as the Prism CLI sent them. */
export async function compareExchanges(sendToPrism) {
  return Promise.all(
    requests.map(async (exchange) => {
      const answer = await sendToPrism(exchange.request);
      if (answer.error) throw new Error(`Prism did not answer ${exchange.name}: ${answer.error}`);
      return { ...exchange, expect: answer };
    }),
  );
}
