// The reflection prompt: the current description, the tool's input schema, the other descriptions it competes
// with on its server and the nearest of other servers, the honesty gate's rules and its refusals of earlier
// proposals, and what happened in the minibatch episodes, ending with the request for one fenced block. It
// never names the search's target: the proposer is asked for an accurate description, not for a score.
import { clip, type ToolReflectionRecord } from '../../adapter/reflection.ts';
import type { ToolProposalRequest } from '../../search/proposal-context.ts';

export const REFLECTION_SYSTEM_PROMPT =
  'You improve the descriptions of tools that an AI agent chooses between. A description must say accurately what the tool does, ' +
  'when to use it and when not to, so the agent picks it exactly when it fits.';

/** Longer answers are not descriptions a host would show; the proposer rejects rather than ships them. */
export const MAX_DESCRIPTION_CHARS = 4000;

/**
 * Characters each part of the prompt may take, however large the server, catalogue or trajectories: the
 * reflective dataset is already capped as JSON (optimizer/adapter/reflection.ts), its rendering is capped here.
 */
export const PROMPT_PART_CHARS = {
  current: MAX_DESCRIPTION_CHARS,
  inputSchema: 2000,
  /** each tool's line, among the siblings and the competitors */
  otherTool: 300,
  siblings: 3000,
  competitors: 1600,
  gateRules: 2500,
  /** each refused proposal's text */
  refusal: 600,
  refusals: 2200,
  dataset: 10_000,
} as const;

/** A tool name's characters in the prompt's wording (MCP's tool names are shorter: SEP-986 allows 128). */
const NAME_CHARS = 128;

/** The whole user prompt's cap in characters (about 7,000 tokens): the parts' caps plus the fixed wording. */
export const MAX_PROMPT_CHARS = 28_000;

function renderRecord(record: ToolReflectionRecord, index: number): string {
  const steps = record.steps.map((s) => `  - "${s.intent}" (correct: ${s.tools.join(' or ')})`).join('\n');
  const calls =
    record.calls.length === 0
      ? '  (no tool was called)'
      : record.calls.map((c) => `  - ${c.name}${c.component ? ' [this tool]' : ''}(${c.args}) -> ${c.isError ? 'ERROR ' : ''}${c.output}`).join('\n');
  return [
    `### Example ${index + 1}`,
    `Task: ${record.task}`,
    `Steps it needed:\n${steps}`,
    `Calls the agent made:\n${calls}`,
    ...(record.componentFound === undefined
      ? []
      : [`Tool search: ${record.componentFound ? 'this tool was among the results' : 'no search returned this tool, so the agent never saw it'}`]),
    `Score: ${record.score}`,
    `Feedback: ${record.feedback}`,
  ].join('\n');
}

const fenced = (text: string) => ['```', text, '```'].join('\n');

/** A titled list, each line and the whole list cut to their caps; empty when there is nothing to list. */
function listPart(title: string, lines: readonly string[], cap: number): string {
  if (lines.length === 0) return '';
  return `${title}\n${clip(lines.map((l) => clip(l, PROMPT_PART_CHARS.otherTool)).join('\n'), cap)}`;
}

function inputSchemaPart(request: ToolProposalRequest): string {
  const schema = request.inputSchemas?.[request.component];
  if (schema === undefined) return '';
  return `Its input schema:\n${fenced(clip(JSON.stringify(schema, null, 1) ?? '', PROMPT_PART_CHARS.inputSchema))}`;
}

function gatePart(request: ToolProposalRequest): string {
  const rules = Object.entries(request.gateRules ?? {}).map(([rule, words]) => `- ${rule}: ${words}`);
  return listPart('A proposal that breaks any of these rules is refused before it is tried:', rules, PROMPT_PART_CHARS.gateRules);
}

function refusalsPart(request: ToolProposalRequest): string {
  const refusals = (request.earlierRefusals ?? []).map(
    (r) => `- iteration ${r.iteration}, refused for ${r.rule}:\n${fenced(clip(r.text, PROMPT_PART_CHARS.refusal))}`,
  );
  if (refusals.length === 0) return '';
  return `Earlier proposals for this tool that were refused, with the rule each broke:\n${clip(refusals.join('\n'), PROMPT_PART_CHARS.refusals)}`;
}

/** The length the description may or should have, in plain words; empty when the search does not weigh length. */
export function lengthPart(request: ToolProposalRequest): string {
  const goal = request.lengthGoal;
  if (goal === undefined) return '';
  const now = `The current description takes ${goal.currentTokens} tokens (counted with the o200k_base tokenizer).`;
  const budget =
    goal.maxTokens === undefined
      ? ''
      : ` The new description may take at most ${goal.maxTokens} tokens: a longer one is refused before it is tried, even if it is shorter than the current one.`;
  const shorter = goal.shorter ? ' A shorter description that serves the agent as well is preferred: leave out what the agent does not need.' : '';
  return `${now}${budget}${shorter}`;
}

export function reflectionPrompt(request: ToolProposalRequest): string {
  const component = clip(request.component, NAME_CHARS);
  const current = request.texts[request.component] ?? '';
  const siblings = Object.entries(request.texts)
    .filter(([name]) => name !== request.component)
    .map(([name, text]) => `- ${name}: ${text}`);
  const competitors = (request.competitors ?? []).map((c) => `- ${c.name} (server ${c.server}): ${c.description}`);
  return [
    `The tool \`${component}\` currently has this description:`,
    fenced(clip(current, PROMPT_PART_CHARS.current)),
    inputSchemaPart(request),
    listPart('Other tools on the same server:', siblings, PROMPT_PART_CHARS.siblings),
    listPart('The agent also sees these tools of other servers, the nearest to this one:', competitors, PROMPT_PART_CHARS.competitors),
    'Here is what the agent did on some tasks with these descriptions, with a score (1 is best) and feedback:',
    clip(request.dataset.map(renderRecord).join('\n\n'), PROMPT_PART_CHARS.dataset),
    gatePart(request),
    refusalsPart(request),
    lengthPart(request),
    `Work out what the agent misread about \`${component}\`: where it chose the tool and should not have, where it should have chosen it and did not, and what the outputs and feedback reveal. ` +
      `Then write a new description for \`${component}\` that fixes this, in at most ${MAX_DESCRIPTION_CHARS} characters. Return only the new description, inside one fenced block (\`\`\`).`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** The text of the first fenced block, or undefined when the answer has none. */
export function fencedBlock(answer: string): string | undefined {
  const match = /```[^\n`]*\n([\s\S]*?)```/.exec(answer) ?? /```([\s\S]*?)```/.exec(answer);
  return match?.[1]?.trim();
}
