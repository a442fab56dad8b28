import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams } from '../../../src/agents/sim/params.ts';
import { rankTools } from '../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../src/agents/sim/step-rng.ts';
import type { CatalogueTool } from '../../../src/catalogue/catalogue-types.ts';
import { chosenRightProbability } from '../../../src/suite-check/fidelity.ts';

const tool = (name: string, description: string, server = 's'): CatalogueTool => ({ name, server, tool: name, description, inputSchema: { type: 'object' } });
const catalogue = [
  tool('read_file', 'Read the text of a file on disk.'),
  tool('convert_units', 'Convert a length, weight or temperature from one unit to another.'),
  tool('send_email', 'Send an email message to a recipient.'),
];
const step = (intent: string, tools: string[]) => ({ intent, args: {}, tools });

describe("the sim's chance of choosing a labelled tool", () => {
  it('is the share of noisy rankings that put a labelled tool first (Gumbel-max: the softmax of the scores)', () => {
    const s = step('how many kilometres is 12 miles', ['convert_units']);
    const p = chosenRightProbability(s, catalogue, DEFAULT_SIM_PARAMS);
    const draws = 4000;
    let right = 0;
    for (let i = 0; i < draws; i++) if (rankTools(s.intent, catalogue, stepRng(i, 0), DEFAULT_SIM_PARAMS)[0]!.name === 'convert_units') right++;
    // four standard errors of the sampled share at most
    expect(Math.abs(right / draws - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / draws) + 1e-9);
    expect(p).toBeGreaterThan(0.5);
  });

  it('adds up over the labels, and over the whole catalogue to 1', () => {
    const intent = 'mail the report to Ann';
    const each = catalogue.map((t) => chosenRightProbability(step(intent, [t.name]), catalogue, DEFAULT_SIM_PARAMS));
    expect(each.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(chosenRightProbability(step(intent, ['read_file', 'send_email']), catalogue, DEFAULT_SIM_PARAMS)).toBeCloseTo(each[0]! + each[2]!, 10);
  });

  it('is 1 or 0 without noise, and matches a label that names the server', () => {
    const noiseFree = resolveSimParams({ temperature: 0 });
    expect(chosenRightProbability(step('send an email to Bob', ['s/send_email']), catalogue, noiseFree)).toBe(1);
    expect(chosenRightProbability(step('send an email to Bob', ['other/send_email']), catalogue, noiseFree)).toBe(0);
    expect(chosenRightProbability(step('send an email to Bob', ['read_file']), catalogue, noiseFree)).toBe(0);
    expect(chosenRightProbability(step('anything', ['read_file']), [], DEFAULT_SIM_PARAMS)).toBe(0);
  });
});
