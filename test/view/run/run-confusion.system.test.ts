// The tools page of an LLM run (the OpenAI-compatible double, the real lab server): its decisions name no labelled
// tool, so the confusion matrix comes from its calls aligned with the lab suite's plans.
import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../../src/agents/llm/agent.ts';
import { ChatClient } from '../../../src/models/chat-client.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import { runToolsPage } from '../../../view/pages/run-tools.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { callTool, finalAnswer, scripted, startOpenAiDouble } from '../../support/openai-double.ts';

describe("an LLM run's tool confusion", () => {
  it('aligns its calls with the plan: the step read right on the diagonal, the other under the tool called instead', async () => {
    // notes-sum's plan: read_file, then calculator; the model converts a unit instead of adding
    const double = await startOpenAiDouble(
      scripted([callTool('read_file', { path: 'notes.txt' }), callTool('unit_convert', { value: 1, from: 'km', to: 'm' }), finalAnswer('69504')]),
    );
    const store = tempStore();
    try {
      const { runId } = await runSuite({
        store,
        loaded: labSuite({ taskIds: ['notes-sum'] }),
        agent: new LlmAgent({ model: new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'k' }) }),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
      });
      expect(store.toolConfusion(runId)).toEqual([]);
      const page = String((await runToolsPage.render({ store, params: { runId }, query: new URLSearchParams() })).html).replace(/\s+/g, ' ');
      const row = (label: string) => page.match(new RegExp(`<th scope="row">${label}</th>(.*?)</tr>`))![1]!;
      const heads = [...page.matchAll(/<th>([^<]+)<\/th>/g)].map((m) => m[1]!);
      const columns = heads.slice(heads.indexOf('labelled ↓ · chosen →') + 1);
      const cellsOf = (label: string) =>
        Object.fromEntries([...row(label).matchAll(/<td class="num ([a-z]*)">(\d*)<\/td>/g)].map((m, i) => [columns[i], `${m[2]} ${m[1]}`.trim()]));
      expect(columns).toEqual(['read_file', 'unit_convert', 'no tool']);
      expect(cellsOf('read_file')).toEqual({ read_file: '1 hit', unit_convert: '', 'no tool': '' });
      expect(cellsOf('calculator')).toEqual({ read_file: '', unit_convert: '1 miss', 'no tool': '' });
      expect(page).toContain('its calls are aligned with the plans of');
    } finally {
      store.close();
      await double.close();
    }
  }, 60_000);
});
