import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFile } from '../../../servers/catalog/catalog-file.ts';
import { createCatalogServerFactory } from '../../../servers/catalog/server.ts';
import { connectHttp, connectInMemory, connectStdio, runToExit, startHttpProcess, textOf } from '../mcp-harness.ts';

const CATALOG_MAIN = fileURLToPath(new URL('../../../servers/catalog/main.ts', import.meta.url));
const FILESYSTEM_CATALOG = fileURLToPath(new URL('../../../experiments/shipped/catalogs/server-filesystem.json', import.meta.url));

const SAMPLE = {
  name: 'tickets',
  tools: [
    {
      name: 'create_ticket',
      description: 'Opens a support ticket.',
      inputSchema: { type: 'object', properties: { title: { type: 'string' }, priority: { type: 'integer', minimum: 1, maximum: 3 } }, required: ['title'] },
      result: 'Ticket T-17 opened.',
    },
    {
      name: 'close_ticket',
      description: 'Closes a ticket by id.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      result: { content: [{ type: 'text', text: 'No such ticket.' }], isError: true },
    },
    { name: 'list_tickets', description: 'Lists open tickets.', inputSchema: { type: 'object', properties: {} } },
  ],
};

describe('catalog server', () => {
  let dir: string;
  let sampleFile: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tdo-catalog-'));
    sampleFile = join(dir, 'tickets.json');
    await writeFile(sampleFile, JSON.stringify(SAMPLE));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("lists the file's tools with their own names, descriptions and JSON Schemas", async () => {
    const catalog = await loadCatalogFile(sampleFile);
    const connection = await connectInMemory(createCatalogServerFactory({ catalog }));
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => [t.name, t.description])).toEqual(SAMPLE.tools.map((t) => [t.name, t.description]));
      expect(tools[0]?.inputSchema).toEqual(SAMPLE.tools[0]?.inputSchema);
    } finally {
      await connection.close();
    }
  });

  it('answers valid calls with the canned result, a canned error, or a note that it has none', async () => {
    const catalog = await loadCatalogFile(sampleFile);
    const { client, close } = await connectInMemory(createCatalogServerFactory({ catalog }));
    try {
      const created = await client.callTool({ name: 'create_ticket', arguments: { title: 'printer on fire', priority: 1 } });
      expect([textOf(created), created.isError === true]).toEqual(['Ticket T-17 opened.', false]);
      const closed = await client.callTool({ name: 'close_ticket', arguments: { id: 'T-1' } });
      expect([textOf(closed), closed.isError]).toEqual(['No such ticket.', true]);
      const listed = await client.callTool({ name: 'list_tickets', arguments: {} });
      expect(listed.isError).not.toBe(true);
      expect(textOf(listed)).toMatch(/list_tickets accepted the call.*no canned result/);
    } finally {
      await close();
    }
  });

  it("checks arguments against the tool's schema, as a real server would", async () => {
    const catalog = await loadCatalogFile(sampleFile);
    const { client, close } = await connectInMemory(createCatalogServerFactory({ catalog }));
    try {
      const missing = await client.callTool({ name: 'create_ticket', arguments: { priority: 9 } });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toMatch(/title/);
      expect(textOf(missing)).toMatch(/priority|<= 3/);
    } finally {
      await close();
    }
  });

  it("serves a description version instead of the file's own descriptions", async () => {
    const catalog = await loadCatalogFile(sampleFile);
    const { client, close } = await connectInMemory(
      createCatalogServerFactory({ catalog, descriptions: { create_ticket: 'Files a new ticket.', close_ticket: 'C.', list_tickets: 'L.' } }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.description)).toEqual(['Files a new ticket.', 'C.', 'L.']);
    } finally {
      await close();
    }
  });

  it('serves a captured tools/list of a third-party server (draft-07 schemas included)', async () => {
    const catalog = await loadCatalogFile(FILESYSTEM_CATALOG);
    const { client, close } = await connectInMemory(createCatalogServerFactory({ catalog }));
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(catalog.tools.length);
      expect(tools.map((t) => t.name)).toContain('read_text_file');
      const call = await client.callTool({ name: 'read_text_file', arguments: { path: 'notes.md' } });
      expect(call.isError).not.toBe(true);
    } finally {
      await close();
    }
  });

  it('rejects bad catalogue files with the field at fault', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ tools: [] }, /tools: a catalogue needs at least one tool/],
      [{ tool: [] }, /tools: .*expected array/i],
      [{ tools: [{ name: 'a', description: ' ', inputSchema: { type: 'object' } }] }, /tools\.0\.description: must be a non-empty description/],
      [{ tools: [{ name: 'a', description: 'A.', inputSchema: { type: 'string' } }] }, /tools\.0\.inputSchema\.type/],
      [
        {
          tools: [
            { name: 'a', description: 'A.', inputSchema: { type: 'object' } },
            { name: 'a', description: 'B.', inputSchema: { type: 'object' } },
          ],
        },
        /tools\.1\.name: duplicate tool name "a"/,
      ],
      [{ tools: [{ name: 'a', description: 'A.', inputSchema: { type: 'object' }, result: 42 }] }, /tools\.0\.result/],
    ];
    for (const [content, message] of cases) {
      const file = join(dir, 'bad.json');
      await writeFile(file, JSON.stringify(content));
      await expect(loadCatalogFile(file)).rejects.toThrow(message);
    }
    await writeFile(join(dir, 'broken.json'), '{"tools": [');
    await expect(loadCatalogFile(join(dir, 'broken.json'))).rejects.toThrow(/not valid JSON/);
    await expect(loadCatalogFile(join(dir, 'absent.json'))).rejects.toThrow(/cannot read catalogue file/);
  });

  it('starts from main.ts over stdio and HTTP, and fails at start without a usable file', async () => {
    const stdio = await connectStdio(CATALOG_MAIN, ['--tools', sampleFile]);
    const http = await startHttpProcess(CATALOG_MAIN, ['--tools', sampleFile]);
    const overHttp = await connectHttp(http.url);
    try {
      for (const { client } of [stdio, overHttp]) {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['create_ticket', 'close_ticket', 'list_tickets']);
      }
    } finally {
      await stdio.close();
      await overHttp.close();
      await http.stop();
    }
    const missing = await runToExit(CATALOG_MAIN, []);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toMatch(/--tools FILE is required/);
    const wrongDescriptions = join(dir, 'descriptions.json');
    await writeFile(wrongDescriptions, JSON.stringify({ create_ticket: 'x' }));
    const bad = await runToExit(CATALOG_MAIN, ['--tools', sampleFile, '--descriptions', wrongDescriptions]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/missing descriptions for close_ticket, list_tickets/);
  });
});
