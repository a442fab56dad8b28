import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectServer } from '../../src/host/connection.ts';
import { Host } from '../../src/host/host.ts';
import { REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';
import { EVERYTHING_SERVER, FILESYSTEM_SERVER, filesystemWorkspace } from '../support/third-party-servers.ts';

// The host speaks 2026-07-28 first and must fall back to `initialize` for servers of the 2025 era,
// such as the reference servers published on npm.
describe('the host against third-party servers from npm', () => {
  it('falls back to 2025-11-25 with server-filesystem, lists its tools and calls one', async () => {
    const dir = filesystemWorkspace();
    const connection = await connectServer({ name: 'fs', command: process.execPath, args: [FILESYSTEM_SERVER, dir], env: {} });
    try {
      expect(connection.protocolVersion).toBe('2025-11-25');
      const tools = await connection.listTools();
      expect(tools.length).toBeGreaterThanOrEqual(10);
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_text_file', 'list_directory', 'search_files']));
      const listed = await connection.callTool('list_directory', { path: dir });
      expect(listed).toMatchObject({ isError: false, text: expect.stringContaining('[FILE] notes.txt') });
      const outside = await connection.callTool('read_text_file', { path: '/etc/hostname' });
      expect(outside).toMatchObject({ isError: true, text: expect.stringContaining('Access denied') });
    } finally {
      await connection.close();
      rmSync(dir, { recursive: true });
    }
  });

  it('falls back with server-everything too, and reads its structured results', async () => {
    const connection = await connectServer({ name: 'everything', command: process.execPath, args: [EVERYTHING_SERVER], env: {} });
    try {
      expect(connection.protocolVersion).toBe('2025-11-25');
      expect(await connection.callTool('get-sum', { a: 2, b: 40 })).toMatchObject({ isError: false, text: expect.stringContaining('42') });
      expect(await connection.callTool('get-structured-content', { location: 'Chicago' })).toMatchObject({ isError: false, structured: expect.any(Object) });
      expect(await connection.callTool('no-such-tool', {})).toMatchObject({ isError: true });
    } finally {
      await connection.close();
    }
  });

  it('speaks 2026-07-28 with our own server, next to a legacy one in the same host', async () => {
    const labSpec = { name: 'lab', command: process.execPath, args: [TDO_BIN, 'serve', 'lab'], env: {}, cwd: REPO_ROOT };
    const lab = await connectServer(labSpec);
    expect(lab.protocolVersion).toBe('2026-07-28');
    await lab.close();
    const dir = filesystemWorkspace();
    const host = await Host.connect([labSpec, { name: 'fs', command: process.execPath, args: [FILESYSTEM_SERVER, dir], env: {} }]);
    try {
      const catalogue = host.catalogue();
      // Both servers have a read_file, so both are namespaced; nothing else is.
      expect(catalogue.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['lab__read_file', 'fs__read_file', 'calculator', 'read_text_file']));
      const calls: string[] = [];
      const tools = host.invoker(catalogue, (call) => calls.push(`${call.server}/${call.tool}`));
      expect((await tools.call('fs__read_file', { path: join(dir, 'todo.md') })).text).toBe('- buy milk\n');
      expect((await tools.call('calculator', { expression: '6 * 7' })).text).toBe('42');
      expect(calls).toEqual(['fs/read_file', 'lab/calculator']);
    } finally {
      await host.close();
      rmSync(dir, { recursive: true });
    }
  });
});
