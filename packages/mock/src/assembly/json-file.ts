// A JSON file the user names (the key registry, the rules): errors say which file and what to write, and never quote
// its text, which may hold API keys.
import { readFileSync } from 'node:fs';
import { syntaxErrorPlace } from '../http/json-syntax.js';

/** The parsed file; throws an Error starting with `what` (e.g. "The key registry /x.json") and showing `example`. */
export function readJsonFile(path: string, what: string, example: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${what} cannot be read: ${code === 'ENOENT' ? 'the file does not exist' : (error as Error).message}.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error, which may be a key: say only where, and what to write.
    throw new Error(`${what} is not valid JSON${syntaxErrorPlace(text)}. Write it as ${example}.`);
  }
}
