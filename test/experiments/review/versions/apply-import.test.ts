import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyVersion, descriptionsArgument, findServerSpec, shipRoute, type ShipRoute } from '../../../../experiments/review/versions/apply.ts';
import { readDescriptionsFile } from '../../../../experiments/review/versions/descriptions-file.ts';
import { importVersion } from '../../../../experiments/review/versions/import.ts';
import { shippedDescriptionsFile } from '../../../../cli/actions/apply.ts';
import { TDO_ROOT } from '../../../../src/suite/load.ts';
import { TDO_BIN } from '../../../../cli/launcher.ts';
import { SHIPPED_SUITES_DIR } from '../../../../experiments/shipped/suites/shipped.ts';
import type { ServerSpec } from '../../../../src/suite/schema.ts';
import { openTraceStore, type RunRow } from '../../../../traces/index.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'tdo-apply-'));
const store = () => openTraceStore(join(dir(), 'tdo.db'));
const writeJson = (path: string, value: unknown) => writeFileSync(path, JSON.stringify(value));
const stdio = (args: string[], extra: Partial<ServerSpec> = {}): ServerSpec =>
  ({ name: 'lab', command: process.execPath, args, env: {}, ...extra }) as ServerSpec;
const none = () => undefined;

describe('importVersion', () => {
  it('records a hand-edited file with the closest stored version as parent, once', () => {
    const s = store();
    const seed = s.recordVersion({ server: 'lab', descriptions: { calc: 'Evaluate an expression.', read: 'Read a file.' }, origin: 'seed' });
    s.recordVersion({ server: 'lab', descriptions: { calc: 'Something else entirely.', read: 'Unrelated words.' }, origin: 'manual' });
    const file = join(dir(), 'edit.json');
    writeJson(file, { calc: 'Evaluate an arithmetic expression. Not for files.', read: 'Read a file.' });

    const first = importVersion(s, file, 'lab');
    expect(first.created).toBe(true);
    expect(first.parent).toEqual({ id: seed.id, chosen: 'closest' });
    expect(first.version).toMatchObject({ origin: 'imported', server: 'lab', parents: [seed.id] });
    expect(first.version.originDetail).toMatchObject({ file: resolve(file) });
    const again = importVersion(s, file, 'lab');
    expect(again).toMatchObject({ created: false, parent: null });
    expect(again.version.id).toBe(first.version.id);
    s.close();
  });

  it('takes a given parent and reports tools the file leaves out', () => {
    const s = store();
    const seed = s.recordVersion({ server: 'lab', descriptions: { calc: 'A.', read: 'B.' }, origin: 'seed' });
    const file = join(dir(), 'partial.json');
    writeJson(file, { calc: 'Evaluate an expression.' });
    const result = importVersion(s, file, 'lab', { parent: seed.id.slice(0, 8) });
    expect(result.parent).toEqual({ id: seed.id, chosen: 'given' });
    expect(result.missing).toEqual(['read']);
    s.close();
  });

  it('rejects malformed files, unknown tools and a parent of another server, recording nothing', () => {
    const s = store();
    s.recordVersion({ server: 'lab', descriptions: { calc: 'A.' }, origin: 'seed' });
    const other = s.recordVersion({ server: 'labplus', descriptions: { smart: 'B.' }, origin: 'seed' });
    const d = dir();
    const cases: Array<[string, string, RegExp]> = [
      ['array.json', '["calc"]', /expected a JSON object/],
      ['empty.json', '{}', /at least one tool/],
      ['blank.json', '{"calc": "  "}', /"calc" must be a non-empty description/],
      ['number.json', '{"calc": 3}', /"calc"/],
      ['broken.json', '{"calc": ', /not valid JSON/],
      ['unknown.json', '{"calc": "A b c.", "write_file": "Writes."}', /write_file, which server "lab" does not list/],
    ];
    for (const [name, text, message] of cases) {
      writeFileSync(join(d, name), text);
      expect(() => importVersion(s, join(d, name), 'lab')).toThrow(message);
    }
    expect(() => importVersion(s, join(d, 'missing.json'), 'lab')).toThrow(/no descriptions file at/);
    writeJson(join(d, 'ok.json'), { calc: 'Adds.' });
    expect(() => importVersion(s, join(d, 'ok.json'), 'lab', { parent: other.id })).toThrow(/server "labplus", not "lab"/);
    expect(s.listVersions('lab')).toHaveLength(1);
    s.close();
  });
});

describe('importVersion of a file of many unknown tools', () => {
  it('names the first ten and counts the rest, of the unknown tools and of those the server lists', () => {
    const s = store();
    s.recordVersion({ server: 'lab', descriptions: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`known_${i}`, 'Adds.'])), origin: 'seed' });
    const file = join(dir(), 'unknown.json');
    writeJson(file, Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`unknown_${i}`, 'Writes.'])));
    expect(() => importVersion(s, file, 'lab')).toThrow(
      /describes unknown_0, .*, unknown_9 and 4,990 more, which server "lab" does not list \(it lists .* and 20 more\)/,
    );
    s.close();
  });
});

describe('importVersion for a server with no versions', () => {
  it('refuses it, naming the servers that have versions and --new-server, recording nothing', () => {
    const s = store();
    s.recordVersion({ server: 'lab', descriptions: { calc: 'A.' }, origin: 'seed' });
    s.recordVersion({ server: 'labplus', descriptions: { smart: 'B.' }, origin: 'seed' });
    const file = join(dir(), 'edit.json');
    writeJson(file, { calc: 'Adds.' });

    expect(() => importVersion(s, file, 'lba')).toThrow(expect.objectContaining({ kind: 'input' }));
    expect(() => importVersion(s, file, 'lba')).toThrow(
      'server "lba" has no description versions (servers with versions: lab, labplus); give one of those to --server, or --new-server to record the file as the first version of "lba"; nothing was recorded',
    );
    expect(s.listVersions()).toHaveLength(2);
    s.close();
  });

  it('says so when the store has no versions at all', () => {
    const s = store();
    const file = join(dir(), 'edit.json');
    writeJson(file, { calc: 'Adds.' });
    expect(() => importVersion(s, file, 'lab')).toThrow(
      /server "lab" has no description versions \(the trace store has no versions of any server yet\); .*--new-server/,
    );
    s.close();
  });

  it('records it as the first version of the server with newServer', () => {
    const s = store();
    s.recordVersion({ server: 'lab', descriptions: { calc: 'A.' }, origin: 'seed' });
    const file = join(dir(), 'edit.json');
    writeJson(file, { smart: 'Computes.' });
    const result = importVersion(s, file, 'labplus', { newServer: true });
    expect(result).toMatchObject({ created: true, parent: null, missing: [] });
    expect(result.version).toMatchObject({ server: 'labplus', origin: 'imported', parents: [] });
    s.close();
  });
});

/** The file of a file route; a test fails on any other route. */
function fileOf(route: ShipRoute): string {
  if (route.route !== 'file') throw new Error(`expected a file route, got ${route.route}: ${route.reason}`);
  return route.file;
}

describe('how a version ships: the descriptions file a server loads, or the proxy', () => {
  it('reads --descriptions from the server command line, relative to its cwd', () => {
    expect(descriptionsArgument(['serve', 'lab', '--descriptions', 'a.json', '--descriptions=b.json'])).toBe('b.json');
    const found = shipRoute(stdio(['x', '--descriptions', 'd.json'], { cwd: '/srv/lab' }), '/s.yaml', none);
    expect(fileOf(found)).toBe('/srv/lab/d.json');
    expect(found.reason).toMatch(/--descriptions argument of server "lab" in \/s.yaml/);
  });

  it("knows the shipped servers' default files, and their env override", () => {
    const shipped = shippedDescriptionsFile(TDO_BIN);
    const bin = join(TDO_ROOT, 'bin/tdo.js');
    expect(fileOf(shipRoute(stdio([bin, 'serve', 'lab']), '/s', shipped))).toBe(join(TDO_ROOT, 'servers/lab/descriptions.json'));
    expect(fileOf(shipRoute(stdio([bin, 'serve', 'labplus']), '/s', shipped))).toBe(join(TDO_ROOT, 'servers/labplus/descriptions.json'));
    expect(fileOf(shipRoute(stdio([bin, 'serve', 'market', '--seller', 'mega-depot', '--http']), '/s', shipped))).toBe(
      join(TDO_ROOT, 'servers/market/sellers/mega-depot/descriptions.json'),
    );
    expect(fileOf(shipRoute(stdio([bin, 'serve', 'lab'], { env: { TDO_LAB_DESCRIPTIONS: '/etc/lab.json' } }), '/s', shipped))).toBe('/etc/lab.json');
  });

  it('asks for --out for a server reached by URL', () => {
    expect(() => shipRoute({ name: 'remote', url: 'http://127.0.0.1:9/mcp', headers: {} } as ServerSpec, '/s', none)).toThrow(/pass --out FILE/);
  });

  it('routes a stdio server that loads no descriptions file tdo knows of to the proxy, saying why', () => {
    const spec = stdio(['/opt/other-server.js']);
    const route = shipRoute(spec, '/s.yaml', shippedDescriptionsFile(TDO_BIN));
    expect(route).toEqual({
      route: 'proxy',
      spec,
      reason: expect.stringContaining(`in /s.yaml is started as \`${process.execPath} /opt/other-server.js\` with no --descriptions argument`),
    });
  });

  it('finds the server in a given suite or in the shipped suites', () => {
    const s = store();
    const shipped = { shippedSuites: SHIPPED_SUITES_DIR };
    expect(findServerSpec(s, 'labplus', undefined, shipped).source).toMatch(/experiments\/shipped\/suites\/lab\.yaml$/);
    expect(() => findServerSpec(s, 'nowhere', undefined, shipped)).toThrow(expect.objectContaining({ kind: 'input' }));
    expect(() => findServerSpec(s, 'nowhere', 'lab', shipped)).toThrow(/suite lab has no server "nowhere"/);
    s.close();
  });

  it("reads suites with the config's references, as tdo run does, and falls back on the config's server", () => {
    const d = dir();
    const suite = join(d, 'notes.yaml');
    writeFileSync(
      suite,
      [
        'name: notes',
        'systemPrompt: s',
        'servers: [notes]',
        'tasks:',
        '  - { id: t, split: test, prompt: p, plan: [{ intent: i, tools: [notes/get] }], check: { kind: selection } }',
        '',
      ].join('\n'),
    );
    const config = join(d, 'tdo.config.json');
    const refs = { servers: { notes: stdio(['server.js', '--descriptions', 'd.json'], { name: 'notes', cwd: d }) }, suites: { notes: suite }, source: config };
    const ranNotes = { listRuns: () => [{ suitePath: suite, versionIds: { notes: 'notes-1' } } as unknown as RunRow] };
    const noRuns = { listRuns: () => [] };
    // The run's suite names the config's server: without the references it cannot load (and was skipped).
    expect(findServerSpec(ranNotes, 'notes', undefined, refs)).toMatchObject({ source: suite, spec: { name: 'notes' } });
    expect(findServerSpec(noRuns, 'notes', 'notes', refs).source).toBe(suite);
    expect(findServerSpec(noRuns, 'notes', undefined, refs).source).toBe(config);
    expect(fileOf(shipRoute(findServerSpec(noRuns, 'notes', undefined, refs).spec, config, none))).toBe(join(d, 'd.json'));
    expect(() => findServerSpec(ranNotes, 'notes')).toThrow(/no server in tdo.config.json \(none found\)/);
  });
});

describe('applyVersion', () => {
  it('round-trips: an imported file applied to a descriptions file reads back the same', () => {
    const s = store();
    const d = dir();
    writeJson(join(d, 'edit.json'), { calc: 'Evaluate an arithmetic expression.', read: 'Read a text file.' });
    const { version } = importVersion(s, join(d, 'edit.json'), 'lab', { newServer: true });
    const target = join(d, 'out', 'descriptions.json');
    const result = applyVersion(version, { file: target, reason: '--out' });
    expect(result.kept).toEqual([]);
    expect(readDescriptionsFile(target)).toEqual(version.descriptions);
    expect(readFileSync(target, 'utf8')).toMatch(/\n$/);
    s.close();
  });

  it("keeps the file's text for tools the version leaves out, in the file's order", () => {
    const file = join(dir(), 'descriptions.json');
    writeJson(file, { read: 'Old read.', calc: 'Old calc.' });
    const result = applyVersion({ id: 'lab-1', server: 'lab', descriptions: { calc: 'New calc.' } }, { file, reason: 'test' });
    expect(result.kept).toEqual(['read']);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify({ read: 'Old read.', calc: 'New calc.' }, null, 2)}\n`);
  });

  it('refuses a file of another server and leaves it untouched', () => {
    const file = join(dir(), 'descriptions.json');
    writeJson(file, { smart_thing: 'Other.' });
    const before = readFileSync(file, 'utf8');
    expect(() => applyVersion({ id: 'lab-1', server: 'lab', descriptions: { calc: 'New.' } }, { file, reason: 'test' })).toThrow(
      /another server\? Nothing was written/,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
