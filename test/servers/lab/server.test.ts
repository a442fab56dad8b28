import { readFile } from 'node:fs/promises';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDescriptions } from '../../../servers/common/descriptions.ts';
import { createLabServerFactory, LAB_TOOL_NAMES } from '../../../servers/lab/server.ts';
import { connectInMemory, textOf, type Connection } from '../mcp-harness.ts';
import { createWorkspaceFixture, NOTES_TEXT, type WorkspaceFixture } from './workspace-fixture.ts';

const SEED_DESCRIPTIONS = parseDescriptions(
  JSON.parse(await readFile(new URL('../../../servers/lab/descriptions.json', import.meta.url), 'utf8')),
  LAB_TOOL_NAMES,
  'servers/lab/descriptions.json',
);

let workspace: WorkspaceFixture;
let connection: Connection;
beforeAll(async () => {
  workspace = await createWorkspaceFixture();
  connection = await connectInMemory(createLabServerFactory({ workspaceDir: workspace.dir, descriptions: SEED_DESCRIPTIONS }));
});
afterAll(async () => {
  await connection.close();
  await workspace.remove();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await connection.client.callTool({ name, arguments: args });
  return { text: textOf(result), isError: result.isError === true };
}

describe('lab server over MCP', () => {
  it('ships the seed descriptions verbatim', () => {
    expect(SEED_DESCRIPTIONS).toEqual({
      calculator: "Evaluate an arithmetic expression such as '3 * (4 + 5)'. Numbers and + - * / ** only.",
      read_file: "Read a text file inside the server's working directory. Returns at most 4000 characters.",
      unit_convert: 'Convert a value from one unit to another.',
    });
  });

  it('lists the three tools with the given descriptions and bare parameter schemas', async () => {
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => [tool.name, tool.description])).toEqual(LAB_TOOL_NAMES.map((name) => [name, SEED_DESCRIPTIONS[name]]));
    const schemas = Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema]));
    expect(schemas.calculator).toMatchObject({ properties: { expression: { type: 'string' } }, required: ['expression'] });
    expect(schemas.read_file).toMatchObject({ properties: { path: { type: 'string' } }, required: ['path'] });
    expect(schemas.unit_convert).toMatchObject({
      properties: { value: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } },
      required: ['value', 'from', 'to'],
    });
    // The tool description carries the meaning; parameters stay undescribed.
    for (const tool of tools) {
      for (const property of Object.values(tool.inputSchema.properties ?? {})) expect(property).not.toHaveProperty('description');
    }
  });

  it('advertises whatever descriptions it was built with', async () => {
    const descriptions = { calculator: 'C v2.', read_file: 'R v2.', unit_convert: 'U v2.' };
    const other = await connectInMemory(createLabServerFactory({ workspaceDir: workspace.dir, descriptions }));
    const { tools } = await other.client.listTools();
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.description]))).toEqual(descriptions);
    await other.close();
  });

  it('runs the seed task: read notes.txt, then sum its numbers', async () => {
    expect(await call('read_file', { path: 'notes.txt' })).toEqual({ text: NOTES_TEXT, isError: false });
    expect(await call('calculator', { expression: '48000 + 9500 + 12000 + 4' })).toEqual({ text: '69504', isError: false });
  });

  it('formats calculator results without float noise', async () => {
    expect(await call('calculator', { expression: '0.1 + 0.2' })).toEqual({ text: '0.3', isError: false });
  });

  it('answers calculator mistakes with isError and a next step', async () => {
    expect(await call('calculator', { expression: 'notes.txt' })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^Unexpected character 'n' at position 0\..*to read a file use a file tool/),
    });
    expect(await call('calculator', { expression: '9**9**9' })).toMatchObject({ isError: true, text: expect.stringMatching(/too large/) });
  });

  it('answers read_file mistakes with isError', async () => {
    expect(await call('read_file', { path: '../outside/secret.txt' })).toMatchObject({ isError: true, text: expect.stringMatching(/'\.\.' is not allowed/) });
    expect(await call('read_file', { path: 'missing.txt' })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/Files in the workspace: .*notes\.txt/),
    });
  });

  it('converts units and names the canonical unit', async () => {
    expect(await call('unit_convert', { value: 5, from: 'miles', to: 'kilometres' })).toEqual({ text: '8.04672 km', isError: false });
    expect(await call('unit_convert', { value: 100, from: '°C', to: 'fahrenheit' })).toEqual({ text: '212 F', isError: false });
    expect(await call('unit_convert', { value: 1, from: 'kg', to: 'km' })).toMatchObject({ isError: true, text: expect.stringMatching(/^Cannot convert kg/) });
  });

  it('answers wrong argument types and missing arguments with isError naming the parameter', async () => {
    expect(await call('calculator', { expression: 42 })).toMatchObject({ isError: true, text: expect.stringMatching(/expression/) });
    expect(await call('unit_convert', { value: '5', from: 'mi', to: 'km' })).toMatchObject({ isError: true, text: expect.stringMatching(/value/) });
    expect(await call('read_file', {})).toMatchObject({ isError: true, text: expect.stringMatching(/path/) });
  });

  it('throws ProtocolError for an unknown tool', async () => {
    await expect(connection.client.callTool({ name: 'smart_compute', arguments: {} })).rejects.toThrow(ProtocolError);
  });
});
