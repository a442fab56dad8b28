// A model for the OpenAI double that plays the lab suite as a tool-calling LLM would, and answers the LLM
// proposer's reflection prompt with a new description, so `tdo optimize --agent llm --proposer llm` runs whole
// against it: the same calls, conversations and proposals as with a real model, minus the model.
import { REFLECTION_SYSTEM_PROMPT } from '../../optimizer/proposers/llm/prompt.ts';
import { mapArguments } from '../../src/agents/sim/arguments.ts';
import type { JsonSchema } from '../../src/catalogue/catalogue-types.ts';
import type { LoadedSuite } from '../../src/suite/load.ts';
import { resolveArguments } from '../../src/suite/references.ts';
import type { Task } from '../../src/suite/schema.ts';
import { terms } from '../../src/text/words.ts';
import { callTool, finalAnswer, toolResultsOf, type ChatRequestBody, type DoubleReply, type ReplyHandler } from '../../test/support/openai-double.ts';

/** Whether a request is the proposer's reflection prompt (else it is an agent's turn). */
export function isReflection(body: ChatRequestBody): boolean {
  return body.messages[0]?.role === 'system' && body.messages[0].content === REFLECTION_SYSTEM_PROMPT;
}

/**
 * The agent finds its task by the user's prompt and works its reference plan, one tool call per turn: at each
 * step it calls the offered tool whose name and description share the most words with the step's intent (so
 * descriptions decide, as they do for a model), with the plan's arguments fitted to that tool's parameters and
 * earlier results filled in; after the last step it answers with the last result. The proposer keeps the
 * description and adds a request the tool was right for, in its words.
 */
export function labModel(loaded: LoadedSuite): ReplyHandler {
  const tasks = new Map(loaded.suite.tasks.map((task) => [task.prompt, task]));
  return (body) => {
    if (isReflection(body)) return proposal(body);
    const prompt = body.messages.find((message) => message.role === 'user')?.content;
    const task = prompt === undefined ? undefined : tasks.get(prompt);
    if (task === undefined) return finalAnswer('I do not know this task.');
    return agentTurn(task, body);
  };
}

function agentTurn(task: Task, body: ChatRequestBody): DoubleReply {
  const results = toolResultsOf(body);
  const step = task.plan[results.length];
  if (step === undefined) return finalAnswer(`The answer is ${results.at(-1)?.slice(0, 200) ?? 'unknown'}.`);
  const wanted = new Set(terms(step.intent));
  let best: { name: string; parameters: JsonSchema; overlap: number } | undefined;
  for (const { function: tool } of body.tools ?? []) {
    const overlap = terms(`${tool.name} ${tool.description ?? ''}`).filter((term) => wanted.has(term)).length;
    if (best === undefined || overlap > best.overlap) best = { name: tool.name, parameters: (tool.parameters ?? { type: 'object' }) as JsonSchema, overlap };
  }
  if (best === undefined) return finalAnswer('I have no tools for this.');
  const resolved = resolveArguments(
    step.args,
    results.map((text) => ({ text })),
  );
  return callTool(best.name, mapArguments('args' in resolved ? resolved.args : step.args, best.parameters));
}

const USE_WHEN = / ?Use it for requests such as "[^"]*"\./g;

function proposal(body: ChatRequestBody): DoubleReply {
  const prompt = body.messages.find((message) => message.role === 'user')?.content ?? '';
  const component = /The tool `([^`]+)` currently/.exec(prompt)?.[1] ?? '';
  const current = /currently has this description:\n+```\n([\s\S]*?)\n```/.exec(prompt)?.[1] ?? '';
  const steps = [...prompt.matchAll(/- "([^"]+)" \(correct: ([^)]+)\)/g)];
  const intent = (steps.find((match) => match[2]!.split(' or ').includes(component)) ?? steps[0])?.[1];
  const kept = current.replace(USE_WHEN, '').trim();
  const text = intent === undefined ? kept : `${kept} Use it for requests such as "${intent}".`;
  return finalAnswer(`The agent missed when this tool fits. A new description:\n\n\`\`\`\n${text}\n\`\`\``);
}
