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

    // the same words are a dump as a sentence of their own, after a label, or repeating the name's words and each other
    const kinds = 'notes, logs, plans, reports, configs, readmes, letters, memos, drafts and invoices.';
    for (const text of [`Read a file. ${kinds[0]!.toUpperCase()}${kinds.slice(1)}`, `Read a file. File types: ${kinds}`, `Read a file. Use it for: ${kinds}`]) {
      const run = stuffingRules('read_file', text);
      expect(
        run.map((f) => f.message),
        text,
      ).toEqual([expect.stringMatching(/^a run of 9 comma-separated words/)]);
    }
    const repeating = stuffingRules('calculator', 'Evaluates arithmetic. Use it for calculator, math, sum, add, total, maths, arithmetic, compute, numbers.');
    expect(repeating.map((f) => f.phrase)).toEqual(['calculator, math, sum, add, total, maths, arithmetic, compute, numbers']);

    const bare = stuffingRules('calculator', 'Evaluates arithmetic. calculator math sum add total maths arithmetic compute numbers best fast');
    expect(bare.map((f) => f.message)).toEqual([expect.stringMatching(/^11 keywords in a row/)]);

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
    // a list of the kinds of input inside a sentence with a verb
    expect(stuffingRules('read_file', 'Read a file such as notes, logs, plans, reports, configs, readmes, letters, memos, drafts and invoices.')).toEqual([]);
    // a list of the other tools that the sentence sends requests to
    const sqlite = ['query', 'execute', 'insert-record', 'update-record', 'delete-record'];
    const pointers = 'Run one read-only SELECT. To add, change or remove rows prefer insert-record, update-record or delete-record.';
    expect(stuffingRules('query', pointers, sqlite)).toEqual([]);
    expect(stuffingRules('query', 'Run one read-only SELECT; writes go to insert-record, update-record, delete-record or execute.', sqlite)).toEqual([]);
    expect(stuffingRules('query', 'Run one read-only SELECT. Related: insert-record, update-record, delete-record.', sqlite)).toHaveLength(1);
    expect(stuffingRules('read_file', 'Read a file from the file system. Returns the file as text; a file that cannot be read is an error.')).toEqual([]);
  });

  it('does not flag a bare keyword list twice: task-word-list already names it', () => {
    const flags = lintDescription('read_file', 'Read a file. Keywords: read, open, view, show.');
    expect(flags.map((f) => f.rule).filter((r) => r === 'task-word-list' || r === 'search-keyword-stuffing')).toEqual(['task-word-list']);
  });

  it('flags none of the captured third-party catalogues, the 557 BFCL functions or the tool-preferences descriptions', () => {
    for (const file of ['server-filesystem', 'sqlite', 'taskmanager', 'bfcl-live-multiple']) {
      const { tools } = JSON.parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/catalogs', `${file}.json`), 'utf8')) as {
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
