import { readFileSync } from 'node:fs';
import { inputError } from '../errors.ts';
import { refuseDeepNesting } from './nesting.ts';

/** Reads and parses a JSON file that a user gave us; `what` names it in the message ("config file"). */
export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') throw inputError(`no ${what} at ${path}: check the path`);
    throw inputError(`cannot read ${what} ${path}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw inputError(`${what} ${path} is not valid JSON: ${(err as Error).message}`);
  }
  refuseDeepNesting(parsed, `${what} ${path}`);
  return parsed;
}
