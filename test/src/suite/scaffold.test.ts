// The suite `tdo init` writes carries a commented isolation block above `servers`: uncommented, it is a valid
// server entry isolated per episode; for a server reached by URL it says why tdo cannot isolate it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { isolationOf } from '../../../src/suite/isolation.ts';
import { loadSuite } from '../../../src/suite/load.ts';
import { scaffoldSuite } from '../../../src/suite/scaffold.ts';

const tools = [{ name: 'create_note', description: 'Create a note.' }];

/** The commented lines just above `servers:`, without their "# ". */
function isolationBlock(yaml: string): string[] {
  const lines = yaml.split('\n');
  const end = lines.indexOf('servers:');
  let start = end;
  while (lines[start - 1]!.startsWith('# ')) start--;
  return lines.slice(start, end).map((l) => l.slice(2));
}

describe('the suite tdo init writes', () => {
  it('has a commented isolation block above servers that, uncommented, starts the server per episode as its config entry does', () => {
    const { yaml } = scaffoldSuite('notes', tools, 'schema.json', { command: '/usr/bin/node', args: ['/srv/notes server.mjs'], cwd: '.' });
    const block = isolationBlock(yaml);
    expect(block[0]).toContain('Isolation (docs/suites.md, "Stateful servers"): if notes keeps state');
    const entry = block.slice(block.indexOf('servers:')).join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'tdo-scaffold-'));
    mkdirSync(join(dir, 'suites'));
    const file = join(dir, 'suites', 'notes.yaml');
    const task = { id: 't', split: 'val', prompt: 'p', check: { kind: 'answer', expected: 'x' } };
    writeFileSync(file, `${entry}\n${stringify({ name: 'notes', systemPrompt: 'p', tasks: [task] })}`);
    const server = loadSuite(file).suite.servers[0]!;
    expect(server).toEqual({
      name: 'notes',
      command: '/usr/bin/node',
      args: ['/srv/notes server.mjs'],
      cwd: `${join(dir, 'suites')}/..`,
      env: { STATE_VARIABLE: '${EPISODE_DIR}/state.json' },
      isolation: 'episode',
    });
    expect(isolationOf(server)).toBe('episode');
    // the suite itself still names the server in tdo.config.json, as before
    expect((parse(yaml) as { servers: unknown }).servers).toEqual(['notes']);
  });

  it('says that a server reached by URL cannot be started afresh for each episode', () => {
    const block = isolationBlock(scaffoldSuite('web', tools, 'schema.json', { url: 'http://127.0.0.1:9/mcp' }).yaml);
    expect(block.join(' ')).toContain('web is reached by URL, so tdo cannot start it afresh for each episode');
    expect(block).not.toContain('servers:');
  });
});
