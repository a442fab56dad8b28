// search-keyword-stuffing: words stuffed into a description for a tool search to find it are flagged, and no
// honest description is: the captured third-party catalogues, the BFCL functions and the tool-preferences texts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDescription, lintDescriptions } from '../../../../experiments/review/lint/lint.ts';
import { searchStuffing } from '../../../../experiments/review/lint/stuffing.ts';
import { REPO_ROOT } from '../../../support/lab-runs.ts';
import { loadBfcl, loadPairs } from '../../../src/agents/sim/tool-preferences.ts';

const stuffingRules = (tool: string, text: string, tools: readonly string[] = []) =>
  lintDescription(tool, text, { tools }).filter((f) => f.rule === 'search-keyword-stuffing');

const SERVER = ['read_file', 'write_file', 'list_directory', 'search_files', 'move_file'];

describe('search-keyword-stuffing', () => {
  it('flags a line of search keywords, a run of comma-separated words, a repeated word and a list of the other tools', () => {
    const keywords = stuffingRules('read_file', 'Read a text file. Search terms: open file, view text, show contents.');
    expect(keywords.map((f) => f.phrase)).toEqual(['Search terms: open file, view text, show contents.']);
    expect(keywords[0]!.severity).toBe('warning');

    const run = stuffingRules('read_file', 'Read a file such as notes, logs, plans, reports, configs, readmes, letters, memos, drafts and invoices.');
    expect(run.map((f) => f.message)).toEqual([expect.stringMatching(/^a run of 9 comma-separated words/)]);

    const repeated = stuffingRules(
      'search_files',
      'Search files. Search names, search paths, search folders, search text, search anything: search, search, search, search.',
    );
    expect(repeated.map((f) => f.phrase)).toEqual(['search']);

    const siblings = stuffingRules('read_file', 'Read a file. Related: write_file, list_directory, search_files and move_file.', SERVER);
    expect(siblings.map((f) => f.phrase)).toEqual(['write_file, list_directory, search_files, move_file']);
  });

  it('leaves honest descriptions alone: a pointer to a sibling, a short enumeration, codes, a word a few times', () => {
    expect(stuffingRules('read_file', 'Read a text file. For folders use list_directory; to find files by name use search_files.', SERVER)).toEqual([]);
    expect(stuffingRules('convert', 'Convert a length. Units: mm, cm, m, km, in, ft, yd, mi and nmi.')).toEqual([]);
    expect(stuffingRules('read_file', 'Read a file from the file system. Returns the file as text; a file that cannot be read is an error.')).toEqual([]);
  });

  it('does not flag a bare keyword list twice: task-word-list already names it', () => {
    const flags = lintDescription('read_file', 'Read a file. Keywords: read, open, view, show.');
    expect(flags.map((f) => f.rule).filter((r) => r === 'task-word-list' || r === 'search-keyword-stuffing')).toEqual(['task-word-list']);
  });

  it('flags none of the captured third-party catalogues, the 557 BFCL functions or the tool-preferences descriptions', () => {
    for (const file of ['server-filesystem', 'sqlite', 'taskmanager', 'bfcl-live-multiple']) {
      const { tools } = JSON.parse(readFileSync(join(REPO_ROOT, 'experiments/catalogs', `${file}.json`), 'utf8')) as {
        tools: Array<{ name: string; description: string }>;
      };
      const flags = lintDescriptions(Object.fromEntries(tools.map((t) => [t.name, t.description]))).filter((f) => f.rule === 'search-keyword-stuffing');
      expect(flags, file).toEqual([]);
    }
    const honest = [...loadBfcl().map((t) => t.tools), ...loadPairs().map((r) => r.tools)];
    const stuffed = honest.flatMap((tools) =>
      tools
        .filter(
          (t) =>
            searchStuffing(
              t.description,
              tools.map((x) => x.name),
              t.name,
            ).length > 0,
        )
        .map((t) => t.name),
    );
    expect(stuffed).toEqual([]);
  });
});
