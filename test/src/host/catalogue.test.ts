import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/host/catalogue.ts';

const schema = { type: 'object', properties: { q: { type: 'string' } } };
const servers = [
  {
    server: 'alpha',
    tools: [
      { name: 'search', description: 'Search alpha', inputSchema: schema },
      { name: 'fetch', description: 'Fetch', inputSchema: schema },
    ],
  },
  { server: 'beta', tools: [{ name: 'search', description: 'Search beta', inputSchema: schema }] },
];

describe('buildCatalogue', () => {
  it('namespaces every colliding name and keeps unique names as they are', () => {
    const names = buildCatalogue(servers).tools.map((t) => t.name);
    expect(names).toEqual(['alpha__search', 'fetch', 'beta__search']);
  });
  it('keeps the route to the server and its own tool name', () => {
    const t = buildCatalogue(servers).tools.find((x) => x.name === 'beta__search')!;
    expect([t.server, t.tool, t.description]).toEqual(['beta', 'search', 'Search beta']);
  });
  it('substitutes a description version for one server only', () => {
    const cat = buildCatalogue(servers, { alpha: { search: 'Better alpha search' } });
    expect(cat.tools.map((t) => t.description)).toEqual(['Better alpha search', 'Fetch', 'Search beta']);
  });
  it('makes names that model APIs accept, without clashes', () => {
    const odd = [
      {
        server: 's',
        tools: [
          { name: 'file.read', description: '', inputSchema: schema },
          { name: 'file_read', description: '', inputSchema: schema },
        ],
      },
    ];
    expect(buildCatalogue(odd).tools.map((t) => t.name)).toEqual(['file_read_2', 'file_read']);
  });
  it('refuses a version for a server the suite does not connect', () => {
    expect(() => buildCatalogue(servers, { gamma: { search: 'x' } })).toThrow(expect.objectContaining({ kind: 'input' }));
  });
  it('refuses a version describing a tool the server does not list', () => {
    expect(() => buildCatalogue(servers, { alpha: { delete: 'x' } })).toThrow(/does not list/);
  });
});
