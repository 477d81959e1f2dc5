// A stand-in for the real service that answers what the contract does not document: bodies with fields, statuses
// other than 401/403, extra headers, a cookie, the caller's key echoed back, and paths the contract lacks.
import { type StandIn, startBufferedServer } from './http.js';

/** Headers a request sets to get a contract-breaking answer. */
export const breakHeader = 'x-stand-in-break';

export type RecordUpstream = StandIn;

export function startRecordUpstream(): Promise<RecordUpstream> {
  let answered = 0;
  return startBufferedServer((req, requestBody, res) => {
    const path = (req.url ?? '/').split('?')[0];
    answered += 1;
    const key = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const bytes = Buffer.from(JSON.stringify(body));
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length, 'x-request-id': `req-${answered}`, ...headers });
      res.end(bytes);
    };
    if (key === '') return send(401, { success: false, error: 'Unauthorized' });
    const breaking = req.headers[breakHeader];
    if (breaking === 'status') return send(429, { message: 'Slow down' }, { 'retry-after': '2' });
    if (req.method === 'POST' && path === '/api/thumbnails') {
      const { prompt } = JSON.parse(requestBody.toString('utf8') || '{}') as { prompt?: string };
      return send(
        200,
        { id: 'th_1', status: 'queued', prompt, createdAt: '2026-11-26T04:00:00Z', debug: `served for ${key}` },
        { 'set-cookie': `session=${key}; HttpOnly`, 'x-echo-key': key, 'x-ratelimit-remaining': '99' },
      );
    }
    if (req.method === 'GET' && path === '/api/thumbnails') {
      if (breaking === 'body') return send(200, [1, 2, 3]);
      return send(
        200,
        { items: [{ id: 'th_1', status: 'done', prompt: 'A red fox at dawn', url: 'https://cdn.example/th_1.png' }], next: null },
        { 'x-ratelimit-remaining': '98' },
      );
    }
    if (req.method === 'GET' && path === '/api/persons') return send(200, { persons: [{ id: 'p_1', name: 'Ada' }] });
    if (req.method === 'GET' && path === '/api/templates') return send(200, { templates: [{ id: 't_1', title: 'Bold', premium: false }] });
    return send(404, { success: false, error: 'Not Found' });
  });
}
