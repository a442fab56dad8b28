// Scratch space for benchmark databases, removed when the process exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];
process.on('exit', () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `tdo-bench-${prefix}-`));
  dirs.push(dir);
  return dir;
}
