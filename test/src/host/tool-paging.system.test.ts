import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Host } from '../../../src/host/host.ts';
import { TdoError } from '../../../src/errors.ts';

const PAGING_SERVER = fileURLToPath(new URL('./fixtures/paging-server.mjs', import.meta.url));
const serverPaging = (mode: string) => ({ name: 'pager', command: process.execPath, args: [PAGING_SERVER, mode], env: {} });

/** tools/list is paged by the server: a server whose cursors never run out must not keep the host listing. */
describe('a server that pages its tools/list', () => {
  it('lists every tool of every page when the paging ends', async () => {
    const host = await Host.connect([serverPaging('5')]);
    try {
      expect(host.servers[0]?.tools.map((t) => t.name)).toEqual(['tool_1', 'tool_2', 'tool_3', 'tool_4', 'tool_5']);
    } finally {
      await host.close();
    }
  }, 30_000);

  it.each([
    ['a new cursor on every page', 'fresh'],
    ['the same cursor again, with other tools', 'repeat'],
  ])(
    'is refused, naming the server, when it hands out %s',
    async (_, mode) => {
      const error = await Host.connect([serverPaging(mode)]).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(TdoError);
      // the server must change: input to fix, not an outage to wait out
      expect(error).toMatchObject({ kind: 'input' });
      expect((error as Error).message).toMatch(
        /^MCP server "pager" was still handing out tools\/list cursors after 64 pages \(new ones without end, or one it had given before\); tdo stopped listing its tools/,
      );
    },
    30_000,
  );
});
