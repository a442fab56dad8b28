import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/suite/load.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-suite-'));
function write(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}
const minimal = {
  name: 'mini',
  systemPrompt: 'You are helpful.',
  servers: [{ name: 'lab', command: '${NODE}', args: ['${SUITE_DIR}/server.js'] }],
  tasks: [
    {
      id: 't1',
      split: 'val',
      prompt: 'Add 2 and 3. ${not interpolated}',
      plan: [{ intent: 'add two numbers', args: { expression: '2 + 3' }, tools: ['calculator'] }],
      check: { kind: 'answer', expected: 5 },
    },
  ],
};

describe('loadSuite', () => {
  it('loads JSON and YAML suites and interpolates server specs only', () => {
    const fromJson = loadSuite(write('mini.json', JSON.stringify(minimal)));
    const server = fromJson.suite.servers[0]!;
    expect('command' in server && server.command).toBe(process.execPath);
    expect('args' in server && server.args[0]).toBe(join(dir, 'server.js'));
    expect(fromJson.suite.tasks[0]!.prompt).toContain('${not interpolated}');
    expect(fromJson.suite.tasks[0]!.check).toMatchObject({ tolerance: 1e-6 });
    const yaml = write(
      'mini.yaml',
      'name: mini\nsystemPrompt: hi\nservers:\n  - {name: s, url: "http://127.0.0.1:9/mcp"}\ntasks:\n  - id: a\n    split: train\n    prompt: p\n    plan: [{intent: i, tools: [x]}]\n    check: {kind: answer, expected: hello}\n',
    );
    expect(loadSuite(yaml).suite.tasks).toHaveLength(1);
  });
  it('explains a broken file without losing it', () => {
    const p = write('broken.json', '{"name": ');
    expect(() => loadSuite(p)).toThrow(/not valid JSON/);
  });
  it('lists every schema problem with its path', () => {
    const bad = {
      ...minimal,
      tasks: [
        { ...minimal.tasks[0], split: 'dev' },
        { ...minimal.tasks[0], plan: [] },
      ],
    };
    const p = write('bad.json', JSON.stringify(bad));
    expect(() => loadSuite(p)).toThrow(/tasks\.0\.split/);
    expect(() => loadSuite(p)).toThrow(/tasks\.1\.plan/);
    const dup = write('dup.json', JSON.stringify({ ...minimal, tasks: [minimal.tasks[0], minimal.tasks[0]] }));
    expect(() => loadSuite(dup)).toThrow(/duplicate task id "t1"/);
  });
  it('names an unset variable', () => {
    const p = write('var.json', JSON.stringify({ ...minimal, servers: [{ name: 'x', command: '${TDO_SURELY_UNSET_VAR}' }] }));
    expect(() => loadSuite(p)).toThrow(/TDO_SURELY_UNSET_VAR/);
  });
  it('rejects an unknown suite name and a missing file', () => {
    expect(() => loadSuite('no-such-suite')).toThrow(expect.objectContaining({ kind: 'input' }));
    expect(() => loadSuite(join(dir, 'missing.yaml'))).toThrow(/cannot read/);
  });
  it('refuses a target that is not a server', () => {
    const p = write('target.json', JSON.stringify({ ...minimal, target: 'nope' }));
    expect(() => loadSuite(p)).toThrow(/target "nope"/);
  });
});
