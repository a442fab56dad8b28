// The prompt sent to the drafting model holds no description text unless the author asks for it (issue 54): not the
// tool's description, and not the descriptions inside its input schema, while a parameter named `description` stays.
import { describe, expect, it } from 'vitest';
import { negativesPrompt, probePrompt, sequencesPrompt, toolRequestsPrompt } from '../../../../src/suite-draft/model/prompt.ts';
import { withoutDescriptions, type DraftTool } from '../../../../src/suite-draft/model/tool-card.ts';

const DESCRIPTION = 'Creates a reminder in the household planner and returns its id.';
const PARAMETER_DESCRIPTION = 'When the reminder should ring, in ISO 8601.';
const tool: DraftTool = {
  server: 'planner',
  name: 'add_reminder',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    title: 'Reminder arguments',
    properties: {
      at: { type: 'string', description: PARAMETER_DESCRIPTION },
      description: { type: 'string', description: 'What to be reminded of.' },
    },
    required: ['at'],
  },
};
const other: DraftTool = { server: 'planner', name: 'list_reminders', description: 'Lists every reminder set so far.', inputSchema: { type: 'object' } };

const text = (messages: Array<{ content: string }>) => messages.map((m) => m.content).join('\n');
const every = (withDescriptions: boolean) =>
  [
    toolRequestsPrompt(tool, { requests: 4, paraphrases: 1 }, { withDescriptions }, [{ arguments: { at: '2026-01-01' }, result: 'id 7' }]),
    negativesPrompt([tool, other], 4, { withDescriptions }),
    sequencesPrompt([tool, other], 4, { withDescriptions }),
    probePrompt(tool, 2, { withDescriptions }),
  ].map(text);

describe('the drafting prompts', () => {
  it('hold no description text by default: neither the tool descriptions nor the schema descriptions and titles', () => {
    for (const prompt of every(false)) {
      expect(prompt).toContain('add_reminder');
      for (const words of [DESCRIPTION, PARAMETER_DESCRIPTION, 'What to be reminded of', 'Reminder arguments', 'Lists every reminder set so far'])
        expect(prompt).not.toContain(words);
    }
  });

  it('hold the descriptions with --with-descriptions', () => {
    const [own, negatives, sequences] = every(true);
    for (const prompt of [own!, negatives!, sequences!]) {
      expect(prompt).toContain(DESCRIPTION);
      expect(prompt).toContain(PARAMETER_DESCRIPTION);
    }
    expect(negatives).toContain('Lists every reminder set so far.');
  });

  it('show the input schema and what calls returned, and ask for the counts wanted', () => {
    const [own] = every(false);
    expect(own).toContain('"required":["at"]');
    expect(own).toContain('A call with {"at":"2026-01-01"} returned: id 7');
    expect(own).toContain('Write 4 different requests this tool serves');
    expect(own).toContain('and 1 more that need the same tool');
  });

  it('strip description keywords at every depth but keep a parameter named description', () => {
    expect(withoutDescriptions(tool.inputSchema)).toEqual({
      type: 'object',
      properties: { at: { type: 'string' }, description: { type: 'string' } },
      required: ['at'],
    });
    expect(withoutDescriptions({ items: [{ description: 'x', type: 'string' }] })).toEqual({ items: [{ type: 'string' }] });
  });
});
