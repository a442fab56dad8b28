import { describe, expect, it } from 'vitest';
import { resolveToolSearch, toolSearchBlockSchema } from '../../../../src/catalogue/tool-search/settings.ts';

describe('resolveToolSearch', () => {
  it('takes each field from the first source that sets it, else off and k 5', () => {
    expect(resolveToolSearch(undefined, undefined, undefined)).toEqual({ mode: 'off', k: 5 });
    const flags = { mode: 'regex' as const };
    const suite = { mode: 'bm25' as const, k: 2 };
    const config = { mode: 'off' as const, k: 9 };
    expect(resolveToolSearch(flags, suite, config)).toEqual({ mode: 'regex', k: 2 });
    expect(resolveToolSearch({}, undefined, config)).toEqual({ mode: 'off', k: 9 });
    expect(resolveToolSearch({ k: 1 }, suite, config)).toEqual({ mode: 'bm25', k: 1 });
  });

  it('checks a file block: a known mode, k from 1 to 50, no other key', () => {
    expect(toolSearchBlockSchema.safeParse({ mode: 'bm25', k: 50 }).success).toBe(true);
    for (const bad of [{ mode: 'vector' }, { k: 0 }, { k: 51 }, { k: 2.5 }, { mode: 'bm25', top: 3 }])
      expect(toolSearchBlockSchema.safeParse(bad).success).toBe(false);
  });
});
