#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

register();
// `tdo serve` starts the servers of every run, so it loads only its own command (cli/serve-main.ts).
await import(process.argv[2] === 'serve' ? '../cli/serve-main.ts' : '../cli/main.ts');
