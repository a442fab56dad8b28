import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openTraceStore } from '../../traces/index.ts';
import { loadModelChoices, modelNames } from '../src/agents/sim/tool-preferences.ts';
import { tdo } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-agents-'));

const listingSchema = z.object({
  agents: z.array(
    z.union([
      z.object({
        id: z.string(),
        kind: z.literal('sim'),
        simulated: z.literal(true),
        source: z.string(),
        params: z.object({ cue: z.number(), position: z.number(), temperature: z.number() }),
        fit: z.object({ loss: z.number(), max_deviation: z.number(), worst: z.string() }),
        endorsement_log_odds: z.number(),
        endorsement_pull: z.number(),
      }),
      z.object({ id: z.literal('llm'), kind: z.literal('llm'), simulated: z.literal(false), needs: z.string() }),
    ]),
  ),
  most_cue_swayed: z.string(),
  least_cue_swayed: z.string(),
});

describe('tdo agents', () => {
  it('--json lists sim, one persona per real model with its fit error and source, and llm', async () => {
    const { code, stdout } = await tdo(['agents', '--json']);
    expect(code).toBe(0);
    const listing = listingSchema.parse(JSON.parse(stdout));
    const ids = listing.agents.map((a) => a.id);
    expect(ids[0]).toBe('sim');
    expect(ids.at(-1)).toBe('llm');
    expect(ids).toContain('sim:qwen2-5-7b');
    const personas = listing.agents.filter((a) => a.id.startsWith('sim:'));
    expect(personas.map((a) => ('source' in a ? a.source : '')).sort()).toEqual(modelNames(loadModelChoices()).sort());
    for (const a of personas) if ('fit' in a) expect(a.fit.max_deviation, a.id).toBeLessThanOrEqual(0.1);
    expect(listing.agents[0]).toMatchObject({ source: 'median of the 9 models', params: { cue: 1.05, position: 0.42, temperature: 0.25 } });
    const odds = (id: string) => listing.agents.flatMap((a) => (a.id === id && 'endorsement_log_odds' in a ? [a.endorsement_log_odds] : []))[0]!;
    for (const a of personas) {
      expect(odds(listing.most_cue_swayed)).toBeGreaterThanOrEqual(odds(a.id));
      expect(odds(listing.least_cue_swayed)).toBeLessThanOrEqual(odds(a.id));
    }
  });

  it('prints a table with the fit errors and the llm agent what it needs', async () => {
    const { code, stdout } = await tdo(['agents']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/sim:qwen2-5-7b .*Qwen_Qwen2\.5-7B-Instruct-FC/);
    expect(stdout).toMatch(/most cue-swayed sim:\S+ \([\d.]+\), least sim:\S+ \([\d.]+\)/);
    expect(stdout).toMatch(/llm .*OPENAI_BASE_URL/);
  });
});

describe('--agent sim:NAME', () => {
  const personaDb = join(dir, 'persona.db');
  let labSeed = '';

  it('runs a suite with the persona, and the run records and reports it', async () => {
    const db = personaDb;
    const text = await tdo(['run', '--suite', 'lab', '--split', 'val', '--agent', 'sim:qwen2-5-7b', '--db', db]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("agent sim:qwen2-5-7b (simulated selection model fitted to Qwen_Qwen2.5-7B-Instruct-FC's choices, not an LLM)");
    const json = await tdo(['run', '--suite', 'lab', '--split', 'val', '--agent', 'sim:qwen2-5-7b', '--json', '--db', db]);
    const out = JSON.parse(json.stdout);
    expect(out).toMatchObject({ agent: 'sim:qwen2-5-7b', simulated: true });
    labSeed = out.version_ids.lab;
    const store = openTraceStore(db);
    const run = store.getRun(out.run_id)!;
    expect(run.agentId).toBe('sim:qwen2-5-7b');
    expect(run.kind).toBe('suite');
    expect(run.settings).toMatchObject({ agent: { kind: 'sim', persona: 'qwen2-5-7b' } });
    store.close();
  });

  it('refuses an unknown persona with the names, exit 2, before anything runs', async () => {
    const db = join(dir, 'unknown.db');
    const commands = [
      ['run', '--suite', 'lab'],
      ['optimize', '--suite', 'lab', '--server', 'lab'],
      ['demo', 'overconfident'],
    ];
    for (const args of commands) {
      const { code, stderr } = await tdo([...args, '--agent', 'sim:gpt-5', '--db', db]);
      expect(code, args[0]).toBe(2);
      expect(stderr, args[0]).toMatch(/unknown sim persona "gpt-5"; the personas are: .*qwen2-5-7b.*\(see `tdo agents`\)/);
    }
    const store = openTraceStore(db);
    expect(store.listRuns()).toHaveLength(0);
    store.close();
    // experiment resolves its versions first: the persona run above recorded the lab seeds
    const experiment = await tdo(['experiment', '--suite', 'lab', '--versions', labSeed, '--agent', 'sim:gpt-5', '--db', personaDb]);
    expect(experiment.code).toBe(2);
    expect(experiment.stderr).toMatch(/unknown sim persona "gpt-5"/);
  });
});
