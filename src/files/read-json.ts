import { readFileSync } from 'node:fs';

/**
 * Reads and parses a JSON file that a user gave us; `what` names it in the message ("config file") and
 * `fail` turns the message into the caller's own error class, so each entry point keeps its exit code.
 */
export function readJsonFile(path: string, what: string, fail: (message: string) => Error): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw fail(`cannot read ${what} ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw fail(`${what} ${path} is not valid JSON: ${(err as Error).message}`);
  }
}
