import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const WORKSPACE = join(REPO_ROOT, 'experiments/shipped/workspaces/filesystem');
const COPY_SERVER = join(REPO_ROOT, 'experiments/shipped/workspaces/serve-filesystem-copy.mjs');

/** A project folder with a tdo.config.json and a suite that names its server instead of spelling it out. */
function project(config: Record<string, unknown>, suiteServers: unknown[] = ['files']): { dir: string; configPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-config-cli-'));
  const suite = {
    name: 'files-by-name',
    systemPrompt: 'Answer with the tools.',
    servers: suiteServers,
    tasks: [
      {
        id: 'region',
        split: 'val',
        prompt: 'Which region is configured in config/settings.json?',
        plan: [
          {
            intent: 'read the settings json file to see the configured region',
            args: { path: 'config/settings.json' },
            tools: ['read_text_file', 'read_file'],
          },
        ],
        check: { kind: 'answer', expected: 'eu-west-3' },
      },
    ],
  };
  writeFileSync(join(dir, 'files.json'), JSON.stringify(suite));
  const configPath = join(dir, 'tdo.config.json');
  writeFileSync(configPath, JSON.stringify(config));
  return { dir, configPath };
}

const filesServer = { command: '${NODE_BIN}', args: [COPY_SERVER, WORKSPACE] };

describe('tdo.config.json in the CLI', () => {
  it('lets `tdo run` find a named suite whose server comes from mcpServers, with the database and agent from the config', async () => {
    const { dir, configPath } = project({
      mcpServers: { files: filesServer },
      suites: { files: 'files.json' },
      agent: { kind: 'sim' },
      db: 'traces/project.db',
    });
    const result = await tdo(['run', '--suite', 'files', '--json'], { TDO_CONFIG: configPath, NODE_BIN: process.execPath });
    expect(result.stderr).not.toMatch(/tdo:/);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { suite: string; episodes: number; successes: number; db: string; version_ids: Record<string, string> };
    expect(report).toMatchObject({ suite: 'files-by-name', episodes: 1, successes: 1, db: join(dir, 'traces/project.db') });
    expect(Object.keys(report.version_ids)).toEqual(['files']);
    expect(existsSync(join(dir, 'traces/project.db'))).toBe(true);
  });

  it('explains a suite server name the config does not define, and a missing config', async () => {
    const { dir, configPath } = project({ mcpServers: { files: filesServer } }, ['filez']);
    const unknown = await tdo(['run', '--suite', join(dir, 'files.json'), '--db', join(dir, 'x.db')], { TDO_CONFIG: configPath, NODE_BIN: process.execPath });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(`servers.0 names the server "filez", which ${configPath} does not define (its mcpServers: files)`);
    const none = await tdo(['run', '--suite', join(dir, 'files.json'), '--db', join(dir, 'x.db')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/servers\.0 names the server "filez", but no tdo.config.json was found/);
  });

  it('`tdo config check` names the field at fault; `tdo config schema` prints the JSON Schema', async () => {
    const { configPath } = project({ mcpServers: { files: { command: 'node', args: 'server.js' } } });
    const bad = await tdo(['config', 'check', '--config', configPath]);
    expect([bad.code, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toMatch('mcpServers.files.args: Invalid input: expected array, received string');
    const good = project({ mcpServers: { files: filesServer, api: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${SECRET_TOKEN}' } } } });
    const ok = await tdo(['config', 'check', '--config', good.configPath], { NODE_BIN: process.execPath, SECRET_TOKEN: 'hunter2' });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/server files: stdio .*serve-filesystem-copy\.mjs/);
    expect(ok.stdout).toMatch('server api: http http://127.0.0.1:9/mcp');
    expect(ok.stdout).not.toMatch('hunter2');
    const schema = await tdo(['config', 'schema']);
    expect(JSON.parse(schema.stdout)).toMatchObject({ title: 'tdo.config.json', type: 'object' });
  });
});
