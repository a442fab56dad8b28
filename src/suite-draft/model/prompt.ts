// The requests sent to the model that drafts a suite: one per tool for its tasks, one for requests no tool
// serves, one for requests that need two tools in turn, and, for a tool the author lets tdo call, one for the
// arguments of a few example calls. Each asks for one JSON object, which answer.ts reads.
import { toolCard, type CardOptions, type DraftTool, type ToolProbe } from './tool-card.ts';

export interface DraftMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export const DRAFT_SYSTEM_PROMPT = [
  'You write test requests for the tools of an MCP server: what real users would type to an assistant that has these tools.',
  'Word each request as a user would, in everyday words about their own situation, with concrete values;',
  "never name a tool, and never use a tool's own name or parameter names as words of the request.",
  'Answer with one JSON object only, in the shape asked for, with no text around it.',
].join(' ');

function ask(user: string): DraftMessage[] {
  return [
    { role: 'system', content: DRAFT_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

/** The tool's own requests: `requests` in the users' usual words, `paraphrases` worded as differently as can be. */
export function toolRequestsPrompt(
  tool: DraftTool,
  counts: { requests: number; paraphrases: number },
  options: CardOptions,
  probes: readonly ToolProbe[] = [],
): DraftMessage[] {
  return ask(
    [
      toolCard(tool, options, probes),
      '',
      `Write ${counts.requests} different requests this tool serves, each with the arguments the call would take, and ${counts.paraphrases} more that need the same tool but are worded unlike the first ones and unlike any technical wording: other verbs, other nouns, a user who does not know the jargon.`,
      'Answer as {"requests": [{"prompt": "...", "arguments": {...}}], "paraphrases": [{"prompt": "...", "arguments": {...}}]}.',
    ].join('\n'),
  );
}

/** Every tool's card, as the questions about the whole catalogue open. */
function allTools(tools: readonly DraftTool[], options: CardOptions): string[] {
  return ['These are all the tools the assistant has:', '', tools.map((t) => toolCard(t, options)).join('\n\n'), ''];
}

/** Requests that sound as if they belonged to the server but that none of its tools serves. */
export function negativesPrompt(tools: readonly DraftTool[], count: number, options: CardOptions): DraftMessage[] {
  return ask(
    [
      ...allTools(tools, options),
      `Write ${count} requests a user of these tools might plausibly make that none of the tools serves: near their subject, but needing something no tool does (the assistant should answer without calling any tool).`,
      'Answer as {"requests": [{"prompt": "..."}]}.',
    ].join('\n'),
  );
}

/** Requests that need two of the tools, one after the other. */
export function sequencesPrompt(tools: readonly DraftTool[], count: number, options: CardOptions): DraftMessage[] {
  return ask(
    [
      ...allTools(tools, options),
      `Write ${count} requests that each need two of these tools called one after the other (the second may use what the first returned), each with its two steps: the tool's exact name, what the step needs in a few words of the user, and its arguments.`,
      'Answer as {"requests": [{"prompt": "...", "steps": [{"tool": "...", "need": "...", "arguments": {...}}, {"tool": "...", "need": "...", "arguments": {...}}]}]}.',
    ].join('\n'),
  );
}

/** Arguments for a few calls to a tool the author lets tdo call, whose results then show the model what it does. */
export function probePrompt(tool: DraftTool, count: number, options: CardOptions): DraftMessage[] {
  return ask(
    [
      toolCard(tool, options),
      '',
      `Give the arguments of ${count} different calls to this tool that would show what it returns.`,
      'Answer as {"calls": [{"arguments": {...}}]}.',
    ].join('\n'),
  );
}

/** The follow-up that asks again after an answer that could not be used, saying why. */
export function retryMessages(asked: readonly DraftMessage[], answer: string, problem: string): DraftMessage[] {
  return [...asked, { role: 'assistant', content: answer }, { role: 'user', content: `That answer cannot be used: ${problem} Answer again, as asked.` }];
}
