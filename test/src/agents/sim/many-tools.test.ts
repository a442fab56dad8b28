// A catalogue of thousands of tools (issue 34, finding 4): each tool's siblings were gathered from the whole
// catalogue and made into a pattern of their names, so 3,000 tools took 88 s and 1 GB, and 10,000 never finished.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import { toolSignals } from '../../../../src/agents/sim/rank.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';

/** `count` tools of one server, each pointing at the next for archived records, counting reads of their names. */
function generatedCatalogue(count: number): { tools: CatalogueTool[]; reads: () => number } {
  let reads = 0;
  const tools = Array.from({ length: count }, (_, i): CatalogueTool => {
    const own = `read_record_${i}`;
    return {
      name: own,
      server: 'records',
      get tool() {
        reads++;
        return own;
      },
      description: `Reads record ${i} of the ledger. For archived records use read_record_${(i + 1) % count}.`,
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The record id.' } } },
    };
  });
  return { tools, reads: () => reads };
}

describe('the sim agent on a catalogue of thousands of tools', () => {
  it("reads each tool's name a few times, not once per other tool", () => {
    const count = 2000;
    const { tools, reads } = generatedCatalogue(count);

    const signals = toolSignals('read an archived record of the ledger', tools, DEFAULT_SIM_PARAMS);

    expect(signals).toHaveLength(count);
    // every tool's pointer to its sibling is still read as what the tool is not for
    expect(signals.every((s) => s.limit > 0)).toBe(true);
    // gathering each tool's siblings from the whole catalogue read the names 4,000,000 times
    expect(reads()).toBeLessThanOrEqual(4 * count);
  });
});
