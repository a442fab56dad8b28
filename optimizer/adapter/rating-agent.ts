// The `feedback` target: the host offers the agent one extra tool, get_feedback, to rate the tools it used.
import * as z from 'zod';
import type { Agent, AgentContext, AgentResult, CatalogueTool, ModelCallSink, ToolOutcome } from '../../src/index.ts';
import { RATING_STEP_MODEL, ratingSchema } from './facts.ts';

export const RATING_TOOL = 'get_feedback';

const RATING_INSTRUCTION = `Before your final answer, call ${RATING_TOOL} once for each tool you used to rate how well it served this task.`;

function ratingTool(): CatalogueTool {
  return {
    name: RATING_TOOL,
    server: '',
    tool: RATING_TOOL,
    description:
      'Rate a tool you used in this conversation: 1 = useless or misleading, 5 = did exactly what its description promised. Call it once per tool, after using the tools and before answering.',
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
 * The host's side of get_feedback in one episode. Only a well-formed rating of a tool the agent called
 * in this episode, once per tool, is recorded; anything else is answered with an error that says what
 * to do instead, so the stored ratings are exactly the agent's verdicts on the tools it used.
 */
class RatingDesk {
  private readonly used = new Set<string>();
  private readonly rated = new Set<string>();

  constructor(private readonly modelCalls: ModelCallSink) {}

  noteUse(toolName: string): void {
    this.used.add(toolName);
  }

  rate(args: Record<string, unknown>): ToolOutcome {
    const parsed = ratingSchema.safeParse(args);
    if (!parsed.success) return refuse(`${z.prettifyError(parsed.error)}. Call ${RATING_TOOL} with {"tool": name, "rating": 1-5, "comment": "..."}.`);
    const { tool } = parsed.data;
    if (!this.used.has(tool)) {
      const used = [...this.used];
      return refuse(
        `you have not called "${tool}" in this conversation, so there is nothing to rate. ${used.length === 0 ? 'You have not called any tool yet.' : `Rate only tools you called: ${used.join(', ')}.`}`,
      );
    }
    if (this.rated.has(tool)) return refuse(`you already rated "${tool}"; each tool is rated once.`);
    this.rated.add(tool);
    this.modelCalls.record({ model: RATING_STEP_MODEL, input: parsed.data, output: 'recorded', latencyMs: 0 });
    return { text: 'Rating recorded.', isError: false };
  }
}

function refuse(reason: string): ToolOutcome {
  return { text: `Error: ${reason}`, isError: true };
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
      return Promise.resolve({
        answer: null,
        stop: 'error',
        note: `a connected server already offers a tool named ${RATING_TOOL}; the feedback target cannot add its own`,
      });
    }
    const catalogue = { tools: [...ctx.catalogue.tools, ratingTool()] };
    const desk = new RatingDesk(ctx.modelCalls);
    const tools = {
      call: async (name: string, args: Record<string, unknown>) => {
        if (name === RATING_TOOL) return desk.rate(args);
        // A call to a tool no server offers is recorded by the host but is nothing the agent could rate.
        if (ctx.catalogue.tools.some((t) => t.name === name)) desk.noteUse(name);
        return ctx.tools.call(name, args);
      },
    };
    return this.inner.run({ ...ctx, catalogue, tools, systemPrompt: `${ctx.systemPrompt}\n\n${RATING_INSTRUCTION}` });
  }
}
