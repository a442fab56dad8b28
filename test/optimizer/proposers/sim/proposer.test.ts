import { describe, expect, it } from 'vitest';
import { countCues } from '../../../../src/agents/sim/cues.ts';
import { Rng } from '../../../../optimizer/engine/rng.ts';
import type { ToolReflectionRecord } from '../../../../optimizer/mcp/reflection.ts';
import { addClaim, addNotFor, addUseFor, newWords, removeClaim, shorten } from '../../../../optimizer/proposers/sim/operators.ts';
import { SimProposer } from '../../../../optimizer/proposers/sim/proposer.ts';

function record(overrides: Partial<ToolReflectionRecord> = {}): ToolReflectionRecord {
  return {
    task: 'How heavy is 12 ounces in grams?',
    steps: [{ intent: 'how many grams is 12 ounces', tools: ['convert'], forComponent: true }],
    observed: true,
    calls: [{ tool: 'other', server: 'x', component: false, args: '{}', output: 'Error', isError: true }],
    usedComponent: false,
    missed: true,
    success: false,
    checkerFeedback: 'Expected 340.19.',
    score: 0,
    feedback: 'Expected 340.19.',
    ...overrides,
  };
}

const request = (dataset: ToolReflectionRecord[], seed: number) => ({ iteration: 1, component: 'convert', texts: { convert: 'Convert a value.' }, dataset, seed });

describe('SimProposer', () => {
  it('never reads the target: other scores and feedback give the same proposal', async () => {
    const proposer = new SimProposer();
    for (let seed = 0; seed < 20; seed++) {
      const a = await proposer.propose(request([record()], seed));
      const b = await proposer.propose(request([record({ score: 1, feedback: 'labplus was chosen.' })], seed));
      expect(b).toEqual(a);
    }
  });

  it('is deterministic per seed and says it is simulated', async () => {
    const proposer = new SimProposer();
    const a = await proposer.propose(request([record()], 3));
    expect(await proposer.propose(request([record()], 3))).toEqual(a);
    expect(a.detail).toMatchObject({ simulated: true });
  });

  it('refuses when no operator has material', async () => {
    const proposal = await new SimProposer([addUseFor]).propose(request([], 1));
    expect(proposal).toMatchObject({ ok: false });
  });
});

describe('edit operators', () => {
  const rng = () => new Rng(1);

  it('add-use-for lists new words of the steps of missed tasks, skipping ones the text has', () => {
    const edit = addUseFor.apply({ text: 'Convert a value.', views: [record()], rng: rng() });
    expect(edit?.text).toBe('Convert a value. Use it for: grams, ounces.');
    expect(newWords('convert the ounces', 'Converts ounces.')).toEqual([]);
    expect(addUseFor.apply({ text: 'Convert a value.', views: [record({ missed: false })], rng: rng() })).toBeUndefined();
  });

  it('add-use-for draws from tasks the agent chose another tool for, including steps the labels give to other tools', () => {
    const steps = [
      { intent: 'look at the road trip log', tools: ['read'], forComponent: false },
      { intent: 'how many grams is 12 ounces', tools: ['convert'], forComponent: true },
    ];
    const edits = Array.from({ length: 40 }, (_, seed) => addUseFor.apply({ text: 'Convert a value.', views: [record({ steps })], rng: new Rng(seed) })?.change ?? '');
    expect(edits.filter((e) => /road|trip|log/.test(e)).length).toBeGreaterThan(0);
    expect(edits.filter((e) => !/road|trip|log/.test(e)).length).toBeGreaterThan(0);
    // A task the tool was chosen for throughout (even if it failed there) is not missed, whatever its labels.
    const chosen = record({ steps, missed: false });
    for (let seed = 0; seed < 10; seed++) expect(addUseFor.apply({ text: 'Convert a value.', views: [chosen], rng: new Rng(seed) })).toBeUndefined();
  });

  it('add-not-for draws from failed tasks where the tool was called, for steps it is not correct for', () => {
    const failed = record({ usedComponent: true, steps: [{ intent: 'read the road trip log', tools: ['read'], forComponent: false }] });
    expect(addNotFor.apply({ text: 'Convert a value.', views: [failed], rng: rng() })?.text).toBe('Convert a value. Not for: read, road, trip, log.');
    expect(addNotFor.apply({ text: 'Convert a value.', views: [record()], rng: rng() })).toBeUndefined();
  });

  it('add-claim adds an assertive cue, remove-claim takes one out, shorten drops a sentence', () => {
    const claimed = addClaim.apply({ text: 'Convert a value.', views: [], rng: rng() })!.text;
    const cues = countCues(claimed);
    expect(cues.endorsement + cues.socialProof + cues.maintenance).toBeGreaterThan(0);
    expect(removeClaim.apply({ text: claimed, views: [], rng: rng() })?.text).toBe('Convert a value.');
    expect(shorten.apply({ text: 'One. Two. Three.', views: [], rng: rng() })?.text.split('. ')).toHaveLength(2);
    expect(shorten.apply({ text: 'One.', views: [], rng: rng() })).toBeUndefined();
  });
});
