import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configEnvDefaults, configServers, configSuites, findConfigPath, loadConfig } from '../../../src/config/load.ts';

function configFile(content: unknown, raw = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-config-'));
  const path = join(dir, 'tdo.config.json');
  writeFileSync(path, raw ? String(content) : JSON.stringify(content));
  return path;
}

describe('loadConfig', () => {
  it('interpolates ${ENV}, maps servers to suite specs and resolves relative paths against the file', () => {
    const path = configFile({
      mcpServers: {
        fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${WORK:-/srv}'], cwd: 'servers' },
        remote: { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
      },
      suites: { files: 'suites/files.yaml' },
      agent: { kind: 'llm', model: 'gpt-4o-mini' },
      model: { baseUrl: 'http://127.0.0.1:11434/v1' },
      langfuse: { publicKey: 'pk', secretKey: '${LF_SECRET}', baseUrl: 'http://127.0.0.1:3000' },
      db: 'traces/mine.db',
    });
    const dir = join(path, '..');
    const loaded = loadConfig(path, { HOST: 'mcp.example.com', TOKEN: 't0k', LF_SECRET: 'sk' });
    expect(configServers(loaded)).toEqual({
      fs: { name: 'fs', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv'], env: {}, cwd: join(dir, 'servers') },
      remote: { name: 'remote', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t0k' } },
    });
    expect(configSuites(loaded)).toEqual({ files: join(dir, 'suites/files.yaml') });
    expect(configEnvDefaults(loaded)).toEqual({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      LANGFUSE_PUBLIC_KEY: 'pk',
      LANGFUSE_SECRET_KEY: 'sk',
      LANGFUSE_BASE_URL: 'http://127.0.0.1:3000',
      TDO_DB: join(dir, 'traces/mine.db'),
    });
  });

  it('rejects bad configs with the file and the field at fault', () => {
    const cases: Array<[unknown, string | RegExp]> = [
      [{ mcpServers: { fs: { command: '' } } }, 'mcpServers.fs.command: Too small'],
      [{ mcpServers: { fs: { command: 'npx', arg: ['x'] } } }, 'mcpServers.fs: unknown field "arg"'],
      [{ mcpServers: { api: { type: 'http', url: 'not a url' } } }, 'mcpServers.api.url: Invalid URL'],
      [
        { mcpServers: { api: { type: 'sse', url: 'http://127.0.0.1/sse' } } },
        /mcpServers\.api\.type: Invalid option: expected one of "http"\|"streamable-http"/,
      ],
      [{ mcpServers: { 'my server': { command: 'x' } } }, /mcpServers\.my server: server names use letters, digits, _ and -/],
      [{ mcpServers: { fs: { command: 'x', args: 'a b' } } }, 'mcpServers.fs.args: Invalid input: expected array, received string'],
      [{ agent: { kind: 'gpt' } }, /agent\.kind: Invalid option/],
      [{ agent: { maxSteps: 0 } }, /agent\.maxSteps: Too small/],
      [{ langfuse: { publicKey: 'pk' } }, /langfuse\.secretKey: Invalid input/],
      [{ mcpserver: {} }, '(root): unknown field "mcpserver"'],
      [[], '(root): Invalid input: expected object, received array'],
    ];
    for (const [content, message] of cases) {
      const path = configFile(content);
      expect(() => loadConfig(path, {}), JSON.stringify(content)).toThrow(`config file ${path} is invalid`);
      expect(() => loadConfig(path, {}), JSON.stringify(content)).toThrow(message);
    }
  });

  it('reports unset variables, broken JSON and unreadable files', () => {
    const unset = configFile({ mcpServers: { gh: { url: 'https://x/mcp', headers: { Authorization: 'Bearer ${GH_TOKEN}' } } } });
    expect(() => loadConfig(unset, {})).toThrow(`config file ${unset}: mcpServers.gh.headers.Authorization: \${GH_TOKEN} is not set`);
    const broken = configFile('{"mcpServers": {', true);
    expect(() => loadConfig(broken, {})).toThrow(/is not valid JSON/);
    expect(() => loadConfig(join(tmpdir(), 'no-such-dir', 'tdo.config.json'), {})).toThrow(/no config file at .*no-such-dir/);
  });
});

describe('findConfigPath', () => {
  it('takes the explicit path, then TDO_CONFIG, then ./tdo.config.json when it exists', () => {
    const path = configFile({});
    const dir = join(path, '..');
    expect(findConfigPath('other.json', { TDO_CONFIG: 'x.json' }, dir)).toBe(join(dir, 'other.json'));
    expect(findConfigPath(undefined, { TDO_CONFIG: 'x.json' }, dir)).toBe(join(dir, 'x.json'));
    expect(findConfigPath(undefined, {}, dir)).toBe(path);
    expect(findConfigPath(undefined, {}, tmpdir())).toBeUndefined();
  });
});
