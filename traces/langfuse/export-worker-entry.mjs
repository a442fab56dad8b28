// The export worker's entry: a worker thread starts without the parent's loaders, and the worker is
// TypeScript, so it registers tsx first, as bin/tdo.js does for the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./export-worker.ts');
