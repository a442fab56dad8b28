import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Host } from '../../../src/host/host.ts';
import { MAX_DESCRIPTION_CHARS } from '../../../traces/index.ts';
import { TdoError } from '../../../src/errors.ts';

const LONG_DESCRIPTION_SERVER = fileURLToPath(new URL('./fixtures/long-description-server.mjs', import.meta.url));
const serverWith = (length: number) => ({ name: 'long', command: process.execPath, args: [LONG_DESCRIPTION_SERVER, String(length)], env: {} });

/** A server's tools/list is input from anyone: one long description must not stall the host (it took over 10 minutes). */
describe('descriptions a server advertises', () => {
  it('refuses a 1 MB description at once, naming the server, the tool and the limit', async () => {
    const error = await Host.connect([serverWith(1_048_576)]).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TdoError);
    // the server must change: input to fix, not an outage to wait out
    expect(error).toMatchObject({ kind: 'input' });
    expect((error as Error).message).toMatch(/MCP server "long" advertises a description of 1,048,576 characters for tool "echo"; tdo reads at most 32,768/);
    expect((error as Error).message.length).toBeLessThan(400);
  }, 30_000);

  it('takes a description right at the limit', async () => {
    const host = await Host.connect([serverWith(MAX_DESCRIPTION_CHARS)]);
    try {
      expect(host.servers[0]?.tools[0]?.description).toHaveLength(MAX_DESCRIPTION_CHARS);
    } finally {
      await host.close();
    }
  }, 30_000);
});
