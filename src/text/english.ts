import { createRequire } from 'node:module';
import type compromise from 'compromise';

type English = typeof compromise;
let loaded: English | undefined;

/**
 * compromise, the part-of-speech tagger of the lint and the sim proposer (docs/libraries.md), loaded on first use
 * from its one-file build: its ESM entry is 436 modules, which every `tdo` start paid for through the TypeScript
 * loader (bin/tdo.js), 0.4 s of CPU a start even for a command that tags nothing.
 */
export function english(): English {
  loaded ??= createRequire(import.meta.url)('compromise') as English;
  return loaded;
}
