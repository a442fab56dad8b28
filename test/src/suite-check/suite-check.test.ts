import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams } from '../../../src/agents/sim/params.ts';
import type { CatalogueTool } from '../../../src/catalogue/catalogue-types.ts';
import { suiteSchema } from '../../../src/suite/schema.ts';
import { selectionCompetitors } from '../../../src/suite-check/competitors.ts';
import { checkSuite, FIDELITY_THRESHOLD } from '../../../src/suite-check/suite-check.ts';
import { minDetectableChange } from '../../../src/suite-check/power.ts';

const tool = (server: string, name: string, description: string): CatalogueTool => ({
  name,
  server,
  tool: name,
  description,
  inputSchema: { type: 'object' },
});
const catalogue = [
  tool('files', 'read_file', 'Read the text of a file on disk.'),
  tool('files', 'delete_file', 'Delete a file from disk for good.'),
  tool('mail', 'send_email', 'Send an email message to a recipient.'),
];
const task = (id: string, split: string, steps: Array<[string, string[]]>) => ({
  id,
  split,
  prompt: id,
  plan: steps.map(([intent, tools]) => ({ intent, tools })),
  check: { kind: 'answer', expected: 'x' },
});
const suite = suiteSchema.parse({
  name: 'two-servers',
  systemPrompt: 'help',
  servers: [
    { name: 'files', command: 'node' },
    { name: 'mail', command: 'node' },
  ],
  target: 'files',
  tasks: [
    task('t1', 'train', [
      ['read the notes file', ['read_file']],
      ['email the notes to Ann', ['mail/send_email']],
    ]),
    task('t2', 'train', [['remove the old log file', ['files/delete_file']]]),
    task('v1', 'val', [['read the todo file, or drop it', ['read_file', 'delete_file']]]),
    ...Array.from({ length: 10 }, (_, i) => task(`x${i}`, 'test', [['show me the readme file', ['read_file']]])),
  ],
});

describe('the suite check', () => {
  it('counts each tool’s labelled steps per split, a step labelled with several tools for each of them', () => {
    const check = checkSuite({ suite, catalogue, episodesPerTestTask: 1 });
    expect(check.tools.map((t) => [t.name, t.steps])).toEqual([
      ['read_file', { train: 1, val: 1, test: 10, paraphrase: 0 }],
      ['delete_file', { train: 1, val: 1, test: 0, paraphrase: 0 }],
      ['send_email', { train: 1, val: 0, test: 0, paraphrase: 0 }],
    ]);
    // no sim agent: nothing about its reading
    expect(check.fidelity).toBeNull();
    expect(check.tools.every((t) => t.simChosenRight === null)).toBe(true);
  });

  it("gives the test split's smallest detectable rise over its episodes, repeats included, from the assumed 50%", () => {
    expect(checkSuite({ suite, catalogue, episodesPerTestTask: 1 }).minDetectableChange).toEqual({
      episodes: 10,
      baseline: 0.5,
      significance: 0.05,
      power: 0.8,
      change: null,
    });
    const repeated = checkSuite({ suite, catalogue, episodesPerTestTask: 4 }).minDetectableChange;
    expect(repeated).toMatchObject({ episodes: 40, change: minDetectableChange(40, 0.5) });
    expect(repeated.change).toBeGreaterThan(0.2);
  });

  it("names the scored server's competitors: the suite's other servers", () => {
    expect(checkSuite({ suite, catalogue, episodesPerTestTask: 1 }).selection).toEqual({ server: 'files', competitors: ['mail'] });
    expect(checkSuite({ suite, catalogue, server: 'mail', episodesPerTestTask: 1 }).selection).toEqual({ server: 'mail', competitors: ['files'] });
    expect(selectionCompetitors({ ...suite, servers: [suite.servers[0]!] }, 'files')).toEqual([]);
  });

  it("measures the sim's share of labelled steps chosen right, and calls it poor below the threshold", () => {
    const noiseFree = resolveSimParams({ temperature: 0 });
    const clear = checkSuite({ suite, catalogue, episodesPerTestTask: 1, sim: { agent: 'sim', params: noiseFree } });
    expect(clear.fidelity).toEqual({ agent: 'sim', share: 1, namesOnly: 1, steps: 14, gated: 0, threshold: FIDELITY_THRESHOLD, poor: false });
    // the same intents against tools whose descriptions say nothing of what they do
    const vague = catalogue.map((t, i) => ({ ...t, name: `tool_${i}`, tool: `tool_${i}`, description: 'A helpful tool.' }));
    const relabelled = { ...suite, tasks: suite.tasks.map((t) => ({ ...t, plan: t.plan.map((s) => ({ ...s, tools: ['tool_2'] })) })) };
    const poor = checkSuite({ suite: relabelled, catalogue: vague, episodesPerTestTask: 1, sim: { agent: 'sim', params: DEFAULT_SIM_PARAMS } });
    expect(poor.fidelity!.share).toBeLessThan(FIDELITY_THRESHOLD);
    expect(poor.fidelity!.poor).toBe(true);
    expect(poor.tools.find((t) => t.name === 'tool_2')!.simChosenRight).toBeCloseTo(poor.fidelity!.share, 10);
  });

  it('counts the labelled steps whose every labelled tool the action class gate sinks', () => {
    const mislabelled = {
      ...suite,
      tasks: suite.tasks.map((t) => (t.id === 't2' ? { ...t, plan: [{ intent: 'Show me the old log file', tools: ['delete_file'], args: {} }] } : t)),
    };
    expect(checkSuite({ suite: mislabelled, catalogue, episodesPerTestTask: 1, sim: { agent: 'sim', params: DEFAULT_SIM_PARAMS } }).fidelity!.gated).toBe(1);
  });

  it("measures the share with the tools' names alone: the catalogue's with every description empty", () => {
    const sim = { agent: 'sim', params: DEFAULT_SIM_PARAMS };
    // names that say nothing, so that only the descriptions can tell the tools apart
    const renamed = (name: string) => `tool_${catalogue.findIndex((t) => t.name === name.split('/').at(-1))}`;
    const opaque = catalogue.map((t) => ({ ...t, name: renamed(t.name), tool: renamed(t.name) }));
    const relabelled = { ...suite, tasks: suite.tasks.map((t) => ({ ...t, plan: t.plan.map((s) => ({ ...s, tools: s.tools.map(renamed) })) })) };
    const measured = checkSuite({ suite: relabelled, catalogue: opaque, episodesPerTestTask: 1, sim }).fidelity!;
    const bare = opaque.map((t) => ({ ...t, description: '' }));
    expect(measured.namesOnly).toBe(checkSuite({ suite: relabelled, catalogue: bare, episodesPerTestTask: 1, sim }).fidelity!.share);
    expect(measured.share).toBeGreaterThan(measured.namesOnly);
  });
});
