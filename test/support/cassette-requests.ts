// A cassette's recorded requests (src/models/cassette.ts: a header line, then one answer a line), as the
// committed-cassette tests compare them with a fresh recording.
import { readFileSync } from 'node:fs';

/** The cassette's recorded requests, one per model call, in the order they were made. */
export function cassetteRequests(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(1)
    .map((line) => JSON.stringify((JSON.parse(line) as { request: unknown }).request));
}
