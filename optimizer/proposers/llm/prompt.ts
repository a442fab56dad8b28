// The reflection prompt: the current description, the other descriptions it competes with on its
// server, and what happened in the minibatch episodes, ending with the request for one fenced block.
import type { ProposalRequest } from '../../engine/types.ts';
import type { ToolReflectionRecord } from '../../mcp/reflection.ts';

export const REFLECTION_SYSTEM_PROMPT =
  'You improve the descriptions of tools that an AI agent chooses between. A description must say accurately what the tool does, ' +
  'when to use it and when not to, so the agent picks it exactly when it fits.';

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
    `Score: ${record.score}`,
    `Feedback: ${record.feedback}`,
  ].join('\n');
}

export function reflectionPrompt(request: ProposalRequest<ToolReflectionRecord>): string {
  const current = request.texts[request.component] ?? '';
  const others = Object.entries(request.texts).filter(([name]) => name !== request.component);
  return [
    `The tool \`${request.component}\` currently has this description:`,
    '```',
    current,
    '```',
    others.length > 0 ? `Other tools on the same server:\n${others.map(([name, text]) => `- ${name}: ${text}`).join('\n')}` : '',
    'Here is what the agent did on some tasks with these descriptions, with a score (1 is best) and feedback:',
    request.dataset.map(renderRecord).join('\n\n'),
    `Work out what the agent misread about \`${request.component}\`: where it chose the tool and should not have, where it should have chosen it and did not, and what the outputs and feedback reveal. ` +
      `Then write a new description for \`${request.component}\` that fixes this. Return only the new description, inside one fenced block (\`\`\`).`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** The text of the first fenced block, or undefined when the answer has none. */
export function fencedBlock(answer: string): string | undefined {
  const match = /```[^\n`]*\n([\s\S]*?)```/.exec(answer) ?? /```([\s\S]*?)```/.exec(answer);
  return match?.[1]?.trim();
}
