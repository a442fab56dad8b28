import { describe, expect, it } from 'vitest';
import { actionScores } from '../../../../src/agents/sim/action.ts';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import { words } from '../../../../src/text/words.ts';

const names = ['create_entities', 'delete_entities', 'read_graph', 'link_nodes', 'entity_store'].map(words);
const scores = (intent: string) => actionScores(words(intent), names, DEFAULT_SIM_PARAMS.action);
const best = (intent: string) =>
  ['create_entities', 'delete_entities', 'read_graph', 'link_nodes', 'entity_store'][scores(intent).indexOf(Math.max(...scores(intent)))];

describe('actionScores (the verbs of the intent against the verbs of each tool name)', () => {
  it('reads delete, remove and erase as the delete tool, add as neither create nor delete', () => {
    for (const intent of ['Delete the entity Carol', 'Remove Carol from the graph', 'Erase Carol']) expect(best(intent), intent).toBe('delete_entities');
    const add = scores('Add Carol');
    expect(add[1]).toBeLessThanOrEqual(add[0]!);
  });

  it('counts a reversive prefix against the tool of the base verb', () => {
    const unlink = scores('Unlink node 3 from node 4');
    expect(unlink[3]).toBeLessThan(0);
    expect(Math.min(...unlink)).toBe(unlink[3]);
  });

  it('leaves a tool whose name has no verb at 0, and every tool at 0 for an intent without a verb', () => {
    expect(scores('Delete the entity Carol')[4]).toBe(0);
    expect(scores('the entity 42')).toEqual([0, 0, 0, 0, 0]);
    expect(actionScores(words('delete it'), [], DEFAULT_SIM_PARAMS.action)).toEqual([]);
  });
});
