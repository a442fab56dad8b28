// `tdo traces show` on a real sim run: where the step's labelled tool ranked when it lost, in text and --json.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';

const TOOLS = {
  tools: [
    {
      name: 'read_file',
      description: 'Read a text file from the workspace and return its contents.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    },
    {
      name: 'list_folder',
      description: 'List the files in a folder of the workspace.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    },
    { name: 'word_count', description: 'Count the words of a text you pass in.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    {
      name: 'add_numbers',
      description: 'Add two numbers and return their sum.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
    },
  ],
};

// One selection-only task labelled with a tool the intent does not ask for, so the labelled tool loses.
const SUITE = `name: labels
systemPrompt: You help with the files of one workspace.
servers:
  - name: files
    command: '\${NODE}'
    args: ['\${TDO_ROOT}/bin/tdo.js', 'serve', 'catalog', './tools.json']
tasks:
  - id: mislabelled
    split: test
    prompt: 'What does notes.txt say?'
    plan: [{ intent: 'read the text file notes.txt', args: { path: 'notes.txt' }, tools: [files/add_numbers] }]
    check: { kind: selection }
    stopAfterToolCall: true
`;

interface Labelled {
  label: string;
  name: string | null;
  rank: number | null;
  score: number | null;
  parts: Record<string, number> | null;
}

describe('tdo traces show', () => {
  it("gives the labelled tool's rank and score parts at a sim decision it lost, in text and --json", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-traces-show-'));
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(TOOLS));
    writeFileSync(join(dir, 'suite.yaml'), SUITE);
    const db = join(dir, 'tdo.db');
    const run = await tdo(['run', '--suite', join(dir, 'suite.yaml'), '--split', 'test', '--db', db, '--json'], {}, dir);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ successes: 0, episodes: 1 });
    const [episode] = JSON.parse((await tdo(['traces', 'list', '--db', db, '--json'])).stdout) as Array<{ id: string }>;

    const shown = JSON.parse((await tdo(['traces', 'show', episode!.id, '--db', db, '--json'])).stdout) as {
      steps: Array<{ kind: string; output?: { chosen: string; labelled: Labelled[] } }>;
    };
    const decision = shown.steps.find((s) => s.kind === 'model')!.output!;
    expect(decision.chosen).not.toBe('add_numbers');
    const [labelled] = decision.labelled;
    expect(labelled).toMatchObject({ label: 'files/add_numbers', name: 'add_numbers' });
    expect(labelled!.rank).toBeGreaterThan(1);
    expect(Object.keys(labelled!.parts!).sort()).toEqual(['action', 'actionClass', 'cues', 'limit', 'noise', 'position', 'relevance', 'semantic']);
    const sum = Object.values(labelled!.parts!).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(labelled!.score!, 9);

    const text = (await tdo(['traces', 'show', episode!.id, '--db', db])).stdout;
    expect(text).toContain(`labelled files/add_numbers (as add_numbers): rank ${labelled!.rank} of 4, ${labelled!.score!.toFixed(2)} (relevance `);
  });
});
