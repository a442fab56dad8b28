// Step and score payloads shaped like a sim-agent lab run writes them (sizes matter for throughput and
// for the database size per million steps), built from the lab suite's own plan steps.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadedSuite } from '../../src/suite/load.ts';
import type { ModelStepInput, ScoreInput, ToolCall } from '../../traces/index.ts';
import { labCalls } from './lab.ts';

const WORKSPACE = fileURLToPath(new URL('../../servers/lab/workspace/', import.meta.url));
const CANDIDATES = ['calculator', 'read_file', 'unit_convert', 'smart_compute'];

export interface EpisodePayload {
  /** model step (the sim decision) then tool step, for each plan step */
  steps: Array<{ model: ModelStepInput } | { tool: ToolCall }>;
  scores: ScoreInput[];
  success: boolean;
}

/** `count` episodes' worth of payloads, cycling through the lab suite's lab-tool steps. */
export function labEpisodePayloads(loaded: LoadedSuite, count: number, stepsPerEpisode: number): EpisodePayload[] {
  const calls = labCalls(loaded, count * Math.ceil(stepsPerEpisode / 2));
  const intents = loaded.suite.tasks.flatMap((t) => t.plan.map((s) => s.intent));
  const fileText = (path: string) => {
    try {
      return readFileSync(`${WORKSPACE}${path}`, 'utf8');
    } catch {
      return `Error: no file ${path}`;
    }
  };
  return Array.from({ length: count }, (_, e) => {
    const steps: EpisodePayload['steps'] = [];
    for (let k = 0; steps.length < stepsPerEpisode; k++) {
      const call = calls[(e * Math.ceil(stepsPerEpisode / 2) + k) % calls.length]!;
      const intent = intents[(e + k) % intents.length]!;
      steps.push({
        model: {
          model: 'sim',
          input: { intent, candidates: CANDIDATES },
          output: {
            chosen: call.tool,
            scores: CANDIDATES.slice(0, 3).map((name, i) => ({
              name,
              score: 1.7 - i * 0.4,
              parts: { relevance: 1.1 - i * 0.3, cues: 0.2, position: 0.3 - i * 0.1, limit: 0, noise: 0.1 * i },
            })),
          },
          latencyMs: 0.21,
        },
      });
      if (steps.length < stepsPerEpisode) {
        const output = call.tool === 'read_file' ? fileText(String(call.args.path)) : '1234.5678';
        steps.push({ tool: { server: 'lab', name: call.tool, tool: call.tool, args: call.args, output, isError: false, latencyMs: 0.8 } });
      }
    }
    const success = e % 2 === 0;
    const feedback = success ? 'The answer 1234.57 matches the expected 1234.57.' : 'The answer 1234.57 is not the expected 69504 (off by 68269.43).';
    return {
      steps,
      success,
      scores: [
        { name: 'success', value: success ? 1 : 0, comment: feedback },
        { name: 'tool_precision', value: 1 },
        { name: 'tool_recall', value: 1 },
        { name: 'used_server:lab', value: e % 3 === 0 ? 0 : 1 },
      ],
    };
  });
}
