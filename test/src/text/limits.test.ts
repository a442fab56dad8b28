import { describe, expect, it } from 'vitest';
import { limitMatch, splitLimitClauses, statesLimit } from '../../../src/text/limits.ts';
import { terms } from '../../../src/text/words.ts';

describe('splitLimitClauses', () => {
  it('cuts each limit clause from its trigger to the end of its sentence', () => {
    const parts = splitLimitClauses('Reads text files but does not parse PDFs. Not for images; use ocr instead. Returns the text.');
    expect(parts.limits).toEqual(['not parse PDFs.', 'Not for images;', 'use ocr instead.']);
    expect(parts.rest).toContain('Reads text files but');
    expect(parts.rest).toContain('Returns the text.');
    expect(parts.rest).not.toMatch(/PDF|images|ocr/);
  });

  it("recognizes cannot / can't / never and leaves 'not only' and plain text alone", () => {
    expect(splitLimitClauses("Cannot write files. It can't delete them. Never sends mail.").limits).toHaveLength(3);
    expect(splitLimitClauses('Handles not only sums but also products.').limits).toEqual([]);
    expect(splitLimitClauses('')).toEqual({ limits: [], rest: '' });
  });

  it('takes a sentence that sends some requests to a sibling tool, by name, as a limit clause whole', () => {
    const description = 'Current conditions for a city. For later days use get_forecast. Call `get_alerts` rather than this for warnings.';
    const parts = splitLimitClauses(description, ['get_forecast', 'get_alerts']);
    expect(parts.limits).toEqual(['For later days use get_forecast.', 'Call `get_alerts` rather than this for warnings.']);
    expect(parts.rest).toBe('Current conditions for a city.');
    // without the siblings no word of it is a negation; a step to take first is no limit; nor is a tool the server lacks
    expect(splitLimitClauses(description).limits).toEqual([]);
    expect(splitLimitClauses('Use get_forecast first for the city id.', ['get_forecast']).limits).toEqual([]);
    expect(splitLimitClauses('For later days use get_forecast.', ['get_alerts']).limits).toEqual([]);
  });

  it('takes "To X use Y", "For X, use Y" and "prefer Y" as pointers, and a purpose after the pointer as none', () => {
    const tools = ['get_repository', 'fork_repository', 'write_file', 'edit_file'];
    const limits = (text: string) => splitLimitClauses(text, tools, 'get_repository').limits;
    expect(limits('Get a repository. To copy an existing repository use fork_repository.')).toEqual(['To copy an existing repository use fork_repository.']);
    expect(limits('Get a repository. For a copy of it, use fork_repository.')).toEqual(['For a copy of it, use fork_repository.']);
    expect(limits('Write a file; to change only some lines prefer edit_file.')).toEqual(['to change only some lines prefer edit_file.']);
    // a step to take first, and a purpose of the pointer itself, send nothing elsewhere
    expect(limits('To copy it, use fork_repository first.')).toEqual([]);
    expect(limits('Use fork_repository to make a copy you can change.')).toEqual([]);
  });
});

describe('splitLimitClauses with a server of many tools', () => {
  it('reads a pointer as the name pattern did: any case, quoted, dotted names, whole names only, never the tool itself', () => {
    const tools = ['get_forecast', 'files.read', 'get_alerts'];
    const limits = (text: string, self?: string) => splitLimitClauses(text, tools, self).limits;
    expect(limits('For later days use GET_FORECAST.')).toHaveLength(1);
    expect(limits("For PDFs use 'files.read' instead.")).toHaveLength(1);
    expect(limits('For later days use get_forecasts.')).toEqual([]);
    expect(limits('For later days use get_forecast.', 'get_forecast')).toEqual([]);
    expect(limits('For warnings use get_alerts.', 'get_forecast')).toHaveLength(1);
  });

  it("reads each server's names once, not once per tool: a list of 2,000 is read about 2,000 times for all its tools", () => {
    const names = Array.from({ length: 2000 }, (_, i) => `tool_${i}`);
    let reads = 0;
    const counted = new Proxy(names, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const pointing = names.map((name, i) => splitLimitClauses(`Reads one record. For archived records use tool_${(i + 1) % 2000}.`, counted, name));

    expect(pointing.every((parts) => parts.limits.length === 1)).toBe(true);
    // a pattern of every sibling made for each tool read the list 4,000,000 times
    expect(reads).toBeLessThanOrEqual(2 * 2000);
  });
});

describe('statesLimit', () => {
  it('reads limit clauses, restrictions and bounds, and nothing else', () => {
    expect(statesLimit('It does not read files.')).toBe(true);
    expect(statesLimit('Numbers and + - * / ** only.')).toBe(true);
    expect(statesLimit('Returns at most 4000 characters.')).toBe(true);
    expect(statesLimit('Limited to 50 rows.')).toBe(true);
    expect(statesLimit('For later days use get_forecast.', ['get_forecast'])).toBe(true);
    expect(statesLimit('For later days use get_forecast.')).toBe(false);
    expect(statesLimit('Returns the number.')).toBe(false);
    // a maximum without a bound is what the tool computes, not a limit on it
    expect(statesLimit('Returns the maximum of a list.')).toBe(false);
  });
});

describe('limitMatch', () => {
  const positive = new Set(terms('read a text file'));
  const limit = new Set(terms('not for binary files or images'));

  it('is the share of the intent terms the tool mentions only in its limit clauses', () => {
    expect(limitMatch(new Set(terms('read the binary file')), limit, positive)).toBeCloseTo(1 / 3, 12);
    expect(limitMatch(new Set(terms('resize images')), limit, positive)).toBe(1);
  });

  it('ignores clause terms the tool also claims, and intents the tool never mentions', () => {
    expect(limitMatch(new Set(terms('read the file notes.txt')), limit, positive)).toBe(0);
    expect(limitMatch(new Set(terms('book a flight')), limit, positive)).toBe(0);
    expect(limitMatch(new Set(), limit, positive)).toBe(0);
  });
});
