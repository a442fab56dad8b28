import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/suite/load.ts';

function suiteFile(servers: unknown[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tdo-suite-refs-')), 'suite.json');
  const task = { id: 't', split: 'val', prompt: 'p', plan: [{ intent: 'i', tools: ['x'] }], check: { kind: 'answer', expected: 1 } };
  writeFileSync(path, JSON.stringify({ name: 's', systemPrompt: 'x', servers, tasks: [task] }));
  return path;
}

describe('suites that name servers defined elsewhere (tdo.config.json)', () => {
  const servers = { fs: { name: 'fs', command: 'npx', args: ['-y', 'server'], env: {} }, api: { name: 'api', url: 'http://127.0.0.1:9/mcp', headers: {} } };

  it('replace a bare name with the referenced spec, next to specs written out', () => {
    const path = suiteFile(['fs', { name: 'lab', command: 'node', args: ['lab.js'] }, 'api']);
    expect(loadSuite(path, { servers }).suite.servers).toEqual([servers.fs, { name: 'lab', command: 'node', args: ['lab.js'], env: {} }, servers.api]);
  });

  it('find a suite by a name the config gives it', () => {
    const path = suiteFile(['fs']);
    expect(loadSuite('mine', { servers, suites: { mine: path } }).path).toBe(path);
  });

  it('name the entry and what is defined when a reference is unknown', () => {
    const path = suiteFile([{ name: 'lab', command: 'node' }, 'db']);
    expect(() => loadSuite(path, { servers, source: '/p/tdo.config.json' })).toThrow(
      'servers.1 names the server "db", which /p/tdo.config.json does not define (its mcpServers: fs, api)',
    );
    expect(() => loadSuite(path)).toThrow('servers.1 names the server "db", but no tdo.config.json was found');
  });
});
