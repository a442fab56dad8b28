import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDescriptions, parseDescriptions } from '../../../servers/common/descriptions.ts';
import { StartupError } from '../../../servers/common/startup-error.ts';

const TOOLS = ['alpha', 'beta'] as const;

describe('parseDescriptions', () => {
  it('accepts exactly the tool names and returns the texts unchanged', () => {
    const raw = { alpha: ' First tool. ', beta: 'Second tool.' };
    expect(parseDescriptions(raw, TOOLS, 'test')).toEqual(raw);
  });

  it('names missing tools', () => {
    expect(() => parseDescriptions({ alpha: 'A.' }, TOOLS, 'test')).toThrow(/missing descriptions for beta.*Expected exactly these tools: alpha, beta/);
  });

  it('names unknown tools', () => {
    expect(() => parseDescriptions({ alpha: 'A.', beta: 'B.', gamma: 'G.', delta: 'D.' }, TOOLS, 'test')).toThrow(/unknown tool names gamma, delta/);
  });

  it('reports missing and unknown names together', () => {
    expect(() => parseDescriptions({ alpha: 'A.', Beta: 'B.' }, TOOLS, 'test')).toThrow(/missing descriptions for beta; unknown tool names Beta/);
  });

  it('rejects blank and non-string descriptions, naming the tool', () => {
    expect(() => parseDescriptions({ alpha: '   ', beta: 'B.' }, TOOLS, 'test')).toThrow(/"alpha" must be a non-empty description/);
    expect(() => parseDescriptions({ alpha: 3, beta: 'B.' }, TOOLS, 'test')).toThrow(/"alpha"/);
  });

  it('rejects a non-object', () => {
    for (const raw of [null, ['alpha'], 'alpha', 42]) {
      expect(() => parseDescriptions(raw, TOOLS, 'test')).toThrow(/expected a JSON object/);
    }
  });

  it('throws StartupError so entry points print the message without a stack', () => {
    expect(() => parseDescriptions({}, TOOLS, 'test')).toThrow(StartupError);
  });
});

describe('loadDescriptions', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tdo-desc-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads a valid file', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(file, JSON.stringify({ alpha: 'A.', beta: 'B.' }));
    expect(await loadDescriptions(file, TOOLS)).toEqual({ alpha: 'A.', beta: 'B.' });
  });

  it('names the file when it is missing', async () => {
    const file = join(dir, 'absent.json');
    await expect(loadDescriptions(file, TOOLS)).rejects.toThrow(`cannot read descriptions file ${file}`);
  });

  it('names the file when its JSON is broken', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"alpha": "A.",');
    await expect(loadDescriptions(file, TOOLS)).rejects.toThrow(`descriptions file ${file} is not valid JSON`);
  });

  it('names the file and the tools when the names are wrong', async () => {
    const file = join(dir, 'wrong.json');
    await writeFile(file, JSON.stringify({ alpha: 'A.', gamma: 'G.' }));
    await expect(loadDescriptions(file, TOOLS)).rejects.toThrow(`descriptions file ${file}: missing descriptions for beta; unknown tool names gamma`);
  });
});
