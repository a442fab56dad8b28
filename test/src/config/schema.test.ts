import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configJsonSchema, configSchema } from '../../../src/config/schema.ts';

describe('the tdo.config.json schema', () => {
  it('ships its JSON Schema, generated from the zod schema (regenerate: node bin/tdo.js config schema > src/config/tdo.config.schema.json)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../../src/config/tdo.config.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(shipped).toEqual(configJsonSchema());
  });

  it('accepts an mcp.json as Claude Code, Cursor and Claude Desktop write it', () => {
    const claudeDesktop = {
      mcpServers: {
        filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'] },
        github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer x' } },
        local: { type: 'stdio', command: 'node', args: ['server.js'], env: { DEBUG: '1' } },
        cursorStyle: { url: 'http://127.0.0.1:8000/mcp' },
      },
    };
    const parsed = configSchema.parse(claudeDesktop);
    expect(parsed.mcpServers.filesystem).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'], env: {} });
    expect(parsed.mcpServers.cursorStyle).toEqual({ url: 'http://127.0.0.1:8000/mcp', headers: {} });
    expect(parsed.suites).toEqual({});
  });
});
