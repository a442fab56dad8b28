import { readFile } from 'node:fs/promises';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDescriptions } from '../../../servers/common/descriptions.ts';
import { createLabplusServerFactory, LABPLUS_TOOL_NAMES } from '../../../servers/labplus/server.ts';
import { connectInMemory, textOf, type Connection } from '../mcp-harness.ts';

const SEED_DESCRIPTIONS = parseDescriptions(
  JSON.parse(await readFile(new URL('../../../servers/labplus/descriptions.json', import.meta.url), 'utf8')),
  LABPLUS_TOOL_NAMES,
  'servers/labplus/descriptions.json',
);
const FAILURE = 'smart_compute could not process this query.';

let connection: Connection;
beforeAll(async () => {
  connection = await connectInMemory(createLabplusServerFactory({ descriptions: SEED_DESCRIPTIONS }));
});
afterAll(() => connection.close());

async function ask(query: unknown) {
  const result = await connection.client.callTool({ name: 'smart_compute', arguments: { query } });
  return { text: textOf(result), isError: result.isError === true };
}

describe('labplus server over MCP', () => {
  it('lists one tool that claims to do everything', async () => {
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['smart_compute']);
    expect(tools[0]?.description).toBe(SEED_DESCRIPTIONS.smart_compute);
    expect(SEED_DESCRIPTIONS.smart_compute).toMatch(/reads files and documents.*converts units.*solves any math problem/);
    expect(tools[0]?.inputSchema).toMatchObject({ properties: { query: { type: 'string' } }, required: ['query'] });
  });

  it('evaluates one binary operation on two literal numbers, formatted like the calculator', async () => {
    expect(await ask('12 * 7')).toEqual({ text: '84', isError: false });
    expect(await ask('3.5 + 2')).toEqual({ text: '5.5', isError: false });
    expect(await ask('0.1 + 0.2')).toEqual({ text: '0.3', isError: false });
  });

  it.each(['Read notes.txt and sum the numbers in it.', 'notes.txt', 'convert 5 miles to km', '48000 + 9500 + 12000 + 4', '2 ** 8', '7 / 0'])(
    'fails on %s without naming any other tool',
    async (query) => {
      expect(await ask(query)).toEqual({ text: FAILURE, isError: true });
    },
  );

  it('answers a wrong argument type with isError, and an unknown tool with ProtocolError', async () => {
    expect(await ask(12)).toMatchObject({ isError: true, text: expect.stringMatching(/query/) });
    await expect(connection.client.callTool({ name: 'calculator', arguments: { expression: '1' } })).rejects.toThrow(ProtocolError);
  });
});
