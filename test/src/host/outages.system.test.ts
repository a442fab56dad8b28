import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Host } from '../../../src/host/host.ts';

const CRASHING_SERVER = fileURLToPath(new URL('./fixtures/crashing-server.mjs', import.meta.url));

/** A server's own error reply is a result the agent reads; a server that never answers is an outage. */
describe('tool calls the server did not answer', () => {
  it('mark the outcome unreachable when the server dies mid-call, and not when it replies with its own error', async () => {
    const host = await Host.connect([{ name: 'crashing', command: process.execPath, args: [CRASHING_SERVER], env: {} }]);
    try {
      const calls: Array<{ unreachable?: true; isError: boolean }> = [];
      const tools = host.invoker(host.catalogue(), (call) => calls.push(call));
      const refused = await tools.call('refuse', {});
      expect(refused).toMatchObject({ isError: true });
      expect(refused.text).toMatch(/refuse takes no calls today/);
      expect(refused.unreachable).toBeUndefined(); // the server answered: a result the agent reads

      const lost = await tools.call('crash', {});
      expect(lost).toMatchObject({ isError: true, unreachable: true });
      expect(lost.text).toMatch(/^Error calling crash on crashing: /);
      expect(calls).toHaveLength(2);
    } finally {
      await host.close();
    }
  }, 30_000);
});
