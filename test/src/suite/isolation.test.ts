// The folder variables and `isolation` as a suite and tdo.config.json are checked: misplaced or contradictory
// settings are refused with what to write instead.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configServers, loadConfig } from '../../../src/config/load.ts';
import { isTdoError } from '../../../src/errors.ts';
import { isolationOf } from '../../../src/suite/isolation.ts';
import { loadSuite } from '../../../src/suite/load.ts';
import { writeNotesSuite } from '../../support/notes-suite.ts';

/** The input error loading this suite gives. */
function refusal(server: Record<string, unknown>): string {
  try {
    loadSuite(writeNotesSuite(server).path);
  } catch (err) {
    expect(isTdoError(err, 'input')).toBe(true);
    return (err as Error).message;
  }
  throw new Error('the suite loaded');
}

describe('isolation settings', () => {
  it('leave ${EPISODE_DIR} and ${RUN_DIR} for the host, and give a server that uses ${EPISODE_DIR} a process per episode', () => {
    const { suite } = loadSuite(writeNotesSuite({ env: { NOTES_DIR: '${EPISODE_DIR}/notes', SHARED: '${RUN_DIR}' } }).path);
    const server = suite.servers[0]!;
    expect(server).toMatchObject({ env: { NOTES_DIR: '${EPISODE_DIR}/notes', SHARED: '${RUN_DIR}' } });
    expect(isolationOf(server)).toBe('episode');
    expect(isolationOf(loadSuite(writeNotesSuite({ env: { NOTES_DIR: '${RUN_DIR}' } }).path).suite.servers[0]!)).toBe('run');
    expect(isolationOf(loadSuite(writeNotesSuite({ isolation: 'episode' }).path).suite.servers[0]!)).toBe('episode');
  });

  it('refuse ${EPISODE_DIR} with isolation: run, saying what to write instead', () => {
    const message = refusal({ cwd: '${EPISODE_DIR}', isolation: 'run' });
    expect(message).toContain('servers.0.isolation: ${EPISODE_DIR} is a new folder for each episode');
    expect(message).toContain('drop "isolation: run"');
    expect(message).toContain('use ${RUN_DIR} for one folder per run');
  });

  it('refuse a folder variable outside args, env and cwd: in the command, and in a server reached by URL', () => {
    expect(refusal({ command: '${EPISODE_DIR}/server' })).toContain(
      "servers.0.command: ${EPISODE_DIR} is a folder tdo makes for a server it starts: use it in the server's args, env or cwd, not in command",
    );
    const file = join(mkdtempSync(join(tmpdir(), 'tdo-iso-')), 'suite.yaml');
    writeFileSync(
      file,
      'name: s\nsystemPrompt: p\nservers: [{name: web, url: "http://127.0.0.1:9/mcp", headers: {x-folder: "${RUN_DIR}"}}]\ntasks: [{id: t, split: val, prompt: p, check: {kind: answer, expected: x}}]\n',
    );
    expect(() => loadSuite(file)).toThrow('servers.0.headers.x-folder: ${RUN_DIR} is a folder tdo makes for a server it starts');
    expect(() => loadSuite(file)).toThrow('(tdo does not start a server it reaches by URL)');
  });

  it('refuse an isolation that is neither run nor episode, naming the values', () => {
    expect(refusal({ isolation: 'task' })).toMatch(/servers\.0\.isolation: .*"run"\|"episode"/);
  });

  it('in tdo.config.json: keep the folder variables in a server entry, a cwd of ${EPISODE_DIR} unresolved, and refuse a default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-iso-'));
    const config = join(dir, 'tdo.config.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { notes: { command: 'node', args: ['s.js'], cwd: '${EPISODE_DIR}', isolation: 'episode' } } }));
    expect(configServers(loadConfig(config))).toEqual({
      notes: { name: 'notes', command: 'node', args: ['s.js'], env: {}, cwd: '${EPISODE_DIR}', isolation: 'episode' },
    });
    writeFileSync(config, JSON.stringify({ mcpServers: { notes: { command: 'node', env: { NOTES_DIR: '${RUN_DIR:-/tmp}' } } } }));
    expect(() => loadConfig(config)).toThrow('mcpServers.notes.env.NOTES_DIR: ${RUN_DIR} takes no default');
  });
});
