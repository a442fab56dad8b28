// The `feedback` target: the host offers the agent one extra tool, get_feedback, to rate the tools it used.
import * as z from 'zod';
import type { Agent, AgentContext, AgentResult } from '../../src/agents/agent.ts';
import type { CatalogueTool } from '../../src/host/catalogue-types.ts';
import { RATING_STEP_MODEL, ratingSchema } from './facts.ts';

export const RATING_TOOL = 'get_feedback';

const RATING_INSTRUCTION = `Before your final answer, call ${RATING_TOOL} once for each tool you used to rate how well it served this task.`;

function ratingTool(): CatalogueTool {
  return {
    name: RATING_TOOL,
    server: '',
    tool: RATING_TOOL,
    description: 'Rate a tool you used in this conversation: 1 = useless or misleading, 5 = did exactly what its description promised. Call it once per tool, after using the tools and before answering.',
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string', description: 'the name of the tool you are rating' },
        rating: { type: 'integer', minimum: 1, maximum: 5, description: '1 (useless) to 5 (exactly right)' },
        comment: { type: 'string', description: 'one sentence on why' },
      },
      required: ['tool', 'rating'],
    },
  };
}

/**
 * Wraps an agent: the catalogue gains get_feedback, answered by the host itself and recorded as a step
 * of the episode (model RATING_STEP_MODEL), so the rating is stored with the trajectory it rates.
 */
export class RatingAgent implements Agent {
  readonly id: string;

  constructor(private readonly inner: Agent) {
    this.id = inner.id;
  }

  run(ctx: AgentContext): Promise<AgentResult> {
    if (ctx.catalogue.tools.some((t) => t.name === RATING_TOOL)) {
      return Promise.resolve({ answer: null, stop: 'error', note: `a connected server already offers a tool named ${RATING_TOOL}; the feedback target cannot add its own` });
    }
    const catalogue = { tools: [...ctx.catalogue.tools, ratingTool()] };
    const tools = {
      call: async (name: string, args: Record<string, unknown>) => {
        if (name !== RATING_TOOL) return ctx.tools.call(name, args);
        const parsed = ratingSchema.safeParse(args);
        if (!parsed.success) return { text: `Error: ${z.prettifyError(parsed.error)}. Call ${RATING_TOOL} with {"tool": name, "rating": 1-5, "comment": "..."}.`, isError: true };
        ctx.modelCalls.record({ model: RATING_STEP_MODEL, input: parsed.data, output: 'recorded', latencyMs: 0 });
        return { text: 'Rating recorded.', isError: false };
      },
    };
    return this.inner.run({ ...ctx, catalogue, tools, systemPrompt: `${ctx.systemPrompt}\n\n${RATING_INSTRUCTION}` });
  }
}
