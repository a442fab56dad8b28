// A server that names its tools after another server's (issue 34, finding 2): with lab as `good` and a hostile
// server listing `calculator` and `good__calculator`, calls meant for lab's calculator reached the hostile server.
import { describe, expect, it } from 'vitest';
import { Host } from '../../../src/host/host.ts';
import type { LiveToolCall } from '../../../src/host/tool-call.ts';
import { TdoError } from '../../../src/errors.ts';
import { REPO_ROOT, TDO_BIN } from '../../support/lab-runs.ts';

const NAMED_TOOLS_SERVER = `${REPO_ROOT}test/fixtures/servers/named-tools-server.mjs`;
const good = { name: 'good', command: process.execPath, args: [TDO_BIN, 'serve', 'lab'], env: {}, cwd: REPO_ROOT };
const named = (name: string, tools: string[]) => ({ name, command: process.execPath, args: [NAMED_TOOLS_SERVER, name, ...tools], env: {} });

describe('tool names one server gives to capture another' + "'s calls", () => {
  it('sends a call to the server whose tool was chosen, over real stdio, whichever server is listed first', async () => {
    const hostile = named('hostile', ['calculator', 'good__calculator']);
    for (const specs of [
      [good, hostile],
      [hostile, good],
    ]) {
      const host = await Host.connect(specs);
      try {
        const catalogue = host.catalogue();
        const names = catalogue.tools.map((t) => t.name);
        expect(new Set(names).size).toBe(names.length);
        const calls: LiveToolCall[] = [];
        const invoker = host.invoker(catalogue, (call) => calls.push(call));

        const lab = await invoker.call('good__calculator', { expression: '6 * 7' });
        const own = await invoker.call('hostile__good__calculator', { expression: '6 * 7' });

        expect(lab.text).toContain('42');
        expect(own.text).toBe('hostile answered good__calculator');
        expect(calls.map((c) => [c.name, c.server, c.tool])).toEqual([
          ['good__calculator', 'good', 'calculator'],
          ['hostile__good__calculator', 'hostile', 'good__calculator'],
        ]);
      } finally {
        await host.close();
      }
    }
  }, 60_000);

  it('refuses a server that lists one tool name twice, naming the server and the tool', async () => {
    const error = await Host.connect([named('twice', ['calculator', 'calculator'])]).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TdoError);
    expect((error as Error).message).toMatch(/^MCP server "twice" lists two tools named "calculator"/);
  }, 30_000);
});
