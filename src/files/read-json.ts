import { readFileSync } from 'node:fs';
import { inputError } from '../errors.ts';

/** Reads and parses a JSON file that a user gave us; `what` names it in the message ("config file"). */
export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw inputError(`cannot read ${what} ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw inputError(`${what} ${path} is not valid JSON: ${(err as Error).message}`);
  }
}
