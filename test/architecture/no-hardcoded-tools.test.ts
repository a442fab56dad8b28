import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SHIPPED_TOOL_NAMES = ['calculator', 'read_file', 'unit_convert', 'smart_compute', 'open_negotiation', 'accept_proposal', 'get_negotiation'];

/** Code only: comments may name a tool as an example. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('the host core', () => {
  it('names no tool of the servers we ship (everything it routes comes from tools/list)', () => {
    const hits = files(join(ROOT, 'src')).flatMap((f) => SHIPPED_TOOL_NAMES.filter((name) => code(f).includes(name)).map((name) => `${f}: ${name}`));
    expect(hits).toEqual([]);
  });
});
