#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
