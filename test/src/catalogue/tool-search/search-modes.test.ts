import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_MODES } from '../../../../src/catalogue/tool-search/modes.ts';
import { SEARCH_MODES, type SearchingMode } from '../../../../src/catalogue/tool-search/search-modes.ts';
import { searchToolDefinition } from '../../../../src/catalogue/tool-search/search-tool.ts';
import { deferredTools } from '../../../../src/host/tool-search-session.ts';
import { simSearchQuery } from '../../../../src/agents/sim/search-query.ts';
import { TINY } from './catalogue.ts';

const MODES = Object.keys(SEARCH_MODES) as SearchingMode[];

describe('SEARCH_MODES, the one list of tool-search modes', () => {
  it('is what --tool-search, suite files and stored settings take, after off', () => {
    expect(TOOL_SEARCH_MODES).toEqual(['off', ...MODES]);
    expect(MODES).toEqual(['bm25', 'regex']);
  });

  it.each(MODES)('gives %s its own words in the search tool, its retry hint and its query for the sim', (mode) => {
    const { matching, queryDescription, retryWith } = SEARCH_MODES[mode];
    const tool = searchToolDefinition(TINY, mode, 3);
    expect(tool.description.endsWith(matching)).toBe(true);
    expect(tool.inputSchema).toMatchObject({ properties: { query: { description: queryDescription } } });
    expect(deferredTools(TINY, { mode, k: 3 }, () => {}).search('zzzz').text).toBe(`No tool matched "zzzz". Search again with ${retryWith}.`);
    const query = simSearchQuery({ intent: 'read the file' }, mode);
    expect(
      deferredTools(TINY, { mode, k: 1 }, () => {})
        .search(query)
        .hits.map((h) => h.name),
    ).toEqual(['read_file']);
  });
});
