import { describe, expect, it } from 'vitest';
import { chooseFallback } from '../../../../src/agents/sim/fallback.ts';
import type { RankedTool } from '../../../../src/agents/sim/rank.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';

const tool = (name: string, local: string): CatalogueTool => ({ name, server: name.split('__')[0]!, tool: local, description: '', inputSchema: {} });
const tools = [tool('lab__read_file', 'read_file'), tool('lab__calculator', 'calculator'), tool('web__search', 'search')];
const ranked = (...names: string[]): RankedTool[] =>
  names.map((name, i) => ({ name, score: -i, parts: { relevance: 0, semantic: 0, action: 0, actionClass: 0, cues: 0, position: 0, limit: 0, noise: 0 } }));

describe('chooseFallback', () => {
  it('prefers a tool the error names, by its own name or its catalogue name', () => {
    const order = ranked('lab__read_file', 'web__search', 'lab__calculator');
    expect(chooseFallback(order, tools, 'lab__read_file', 'Not a file; try the calculator.')).toEqual({
      name: 'lab__calculator',
      reason: 'named in the error',
    });
    expect(chooseFallback(order, tools, 'lab__read_file', 'use lab__calculator')).toEqual({ name: 'lab__calculator', reason: 'named in the error' });
  });

  it('otherwise takes the next best, never the tool that failed, and nothing when none is left', () => {
    const order = ranked('lab__read_file', 'web__search', 'lab__calculator');
    expect(chooseFallback(order, tools, 'lab__read_file', 'read_file failed: timeout')).toEqual({ name: 'web__search', reason: 'next best' });
    expect(chooseFallback(ranked('lab__read_file'), tools, 'lab__read_file', 'boom')).toBeUndefined();
  });

  it('does not treat a name inside a longer word as a mention', () => {
    expect(chooseFallback(ranked('lab__read_file', 'lab__calculator', 'web__search'), tools, 'lab__read_file', 'research failed')).toEqual({
      name: 'lab__calculator',
      reason: 'next best',
    });
  });
});
