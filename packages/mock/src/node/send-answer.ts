// Writing a prepared answer on node:http: one writeHead and one end, allocating nothing beyond a browser's CORS lines.
import type { ServerResponse } from 'node:http';
import type { PreparedAnswer } from '../http/prepared-answer.js';

/** Writes `answer` (no body for HEAD: node leaves it out), with the request's CORS lines (none without an Origin). */
export function sendAnswer(res: ServerResponse, answer: PreparedAnswer, cors: readonly string[]): void {
  const headers = cors.length === 0 ? answer.headers : [...answer.headers, ...cors];
  res.writeHead(answer.status, headers as string[]);
  res.end(answer.body);
}
