// The JSON files a server starts from (descriptions, catalogues, seller profiles): unreadable or malformed
// files stop the start with a message naming the file and what it was meant to be.
import { readFile } from 'node:fs/promises';
import { StartupError } from './startup-error.ts';

export async function readJsonFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new StartupError(`cannot read ${what} ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new StartupError(`${what} ${file} is not valid JSON: ${(error as Error).message}`);
  }
}
