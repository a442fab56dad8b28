import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentBodies, findBlocks, replaceBlocks, writeBlocks } from '../../../bench/figures/blocks.ts';
import { pages, PRODUCERS } from '../../../bench/figures/producers.ts';

const DOC = [
  '# Title',
  '',
  'Prose before.',
  '<!-- figures:seeds -->',
  'old seeds',
  'old line 2',
  '<!-- /figures -->',
  'Prose between.',
  '<!-- figures:demo -->',
  '<!-- /figures -->',
  'Prose after.',
  '',
].join('\n');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-figure-blocks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the figures block writer', () => {
  it('reads each block as it stands, so a block not produced again is written back unchanged', () => {
    const file = join(dir, 'page.md');
    writeFileSync(file, DOC);
    const bodies = currentBodies([file]);
    expect(bodies).toEqual(
      new Map([
        ['seeds', 'old seeds\nold line 2'],
        ['demo', ''],
      ]),
    );
    writeBlocks([file], new Map([...bodies, ['demo', 'new demo']]));
    expect(readFileSync(file, 'utf8')).toBe(DOC.replace('<!-- figures:demo -->\n', '<!-- figures:demo -->\nnew demo\n'));
  });

  it('replaces each block in place and leaves every line outside the blocks as it was', () => {
    const file = join(dir, 'doc.md');
    writeFileSync(file, DOC);
    const written = writeBlocks(
      [file],
      new Map([
        ['seeds', 'seed 0: 59.1%\nseed 1: 63.6%\n'],
        ['demo', '| row | share |'],
      ]),
    );
    expect(written.get(file)).toEqual(['seeds', 'demo']);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(
      [
        '# Title',
        '',
        'Prose before.',
        '<!-- figures:seeds -->',
        'seed 0: 59.1%',
        'seed 1: 63.6%',
        '<!-- /figures -->',
        'Prose between.',
        '<!-- figures:demo -->',
        '| row | share |',
        '<!-- /figures -->',
        'Prose after.',
        '',
      ].join('\n'),
    );
    // a second pass with the same figures changes nothing
    writeBlocks(
      [file],
      new Map([
        ['seeds', 'seed 0: 59.1%\nseed 1: 63.6%'],
        ['demo', '| row | share |'],
      ]),
    );
    expect(readFileSync(file, 'utf8')).toBe(after);
  });

  it('refuses a block that is never closed, naming the file, the line and the fix', () => {
    const text = ['a', '<!-- figures:seeds -->', 'b'].join('\n');
    expect(() => findBlocks(text, 'doc.md')).toThrow('doc.md:2: block "seeds" is never closed; add <!-- /figures --> after it');
  });

  it('refuses a close without an open and a block opened inside another', () => {
    expect(() => findBlocks('a\n<!-- /figures -->\n', 'doc.md')).toThrow('doc.md:2: <!-- /figures --> closes no block');
    const nested = ['<!-- figures:a -->', '<!-- figures:b -->', '<!-- /figures -->', '<!-- /figures -->'].join('\n');
    expect(() => findBlocks(nested, 'doc.md')).toThrow('doc.md:2: block "b" opens inside block "a" (opened at line 1)');
  });

  it('refuses a marker that is not a line of its own or has a malformed name', () => {
    expect(() => findBlocks('text <!-- figures:seeds --> more\n<!-- /figures -->', 'doc.md')).toThrow('doc.md:1: a figures marker must be a line of its own');
    expect(() => findBlocks('<!-- figures:Seeds_0 -->\n<!-- /figures -->', 'doc.md')).toThrow('doc.md:1: a figures marker must be a line of its own');
  });

  it('refuses an unknown block and leaves the file untouched', () => {
    const file = join(dir, 'doc.md');
    writeFileSync(file, DOC);
    expect(() => writeBlocks([file], new Map([['seeds', 'x']]))).toThrow(
      `${file}: no figures are produced for block "demo" (line 9); the known blocks are seeds`,
    );
    expect(readFileSync(file, 'utf8')).toBe(DOC);
  });

  it('refuses figures that no file has a block for, before writing any file', () => {
    const file = join(dir, 'doc.md');
    writeFileSync(file, DOC);
    const bodies = new Map([
      ['seeds', 'x'],
      ['demo', 'y'],
      ['labplus', 'z'],
    ]);
    expect(() => writeBlocks([file], bodies)).toThrow('no file holds a block for labplus; add <!-- figures:NAME --> ... <!-- /figures --> where it belongs');
    expect(readFileSync(file, 'utf8')).toBe(DOC);
  });

  it('refuses figures that hold a marker themselves', () => {
    expect(() =>
      replaceBlocks(
        DOC,
        'doc.md',
        new Map([
          ['seeds', '<!-- /figures -->'],
          ['demo', ''],
        ]),
      ),
    ).toThrow('the figures for block "seeds" hold a figures marker');
  });
});

describe('the generated blocks of the documentation', () => {
  it('are well formed, one for each figure npm run figures produces, none it does not', () => {
    const names = pages().flatMap((file) => findBlocks(readFileSync(file, 'utf8'), file).map((b) => b.name));
    expect(names.sort()).toEqual(Object.keys(PRODUCERS).sort());
  });
});
