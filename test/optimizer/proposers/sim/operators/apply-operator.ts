import { Rng } from '../../../../../optimizer/engine/rng.ts';
import type { EpisodeView } from '../../../../../optimizer/adapter/reflection.ts';
import type { EditOperator } from '../../../../../optimizer/proposers/sim/edit-operator.ts';
import { call, record } from '../../records.ts';

export const rng = () => new Rng(1);
export const apply = (operator: EditOperator, text: string, views: EpisodeView[], seed = 1) =>
  operator.apply({ text, views, rng: new Rng(seed), siblings: [], component: 'convert' });
/** What an operator writes over many seeds ('' when it had no material). */
export const texts = (operator: EditOperator, text: string, views: EpisodeView[], seeds = 30) =>
  Array.from({ length: seeds }, (_, seed) => apply(operator, text, views, seed)?.text ?? '');
/** A task whose one step the labels give to the tool being rewritten. */
export const own = (task: string, intent: string) => record({ task, steps: [{ intent, tools: ['convert'], forComponent: true }] });
/** A task in which the tool was called and its call failed with `output`. */
export const erred = (output: string, overrides = {}) => record({ calls: [call({ output, isError: true, ...overrides })], usedComponent: true });
/** The operator applied to delete_tasks of a task board, with its input schema and sibling tools. */
export const withSchema = (operator: EditOperator, text: string, inputSchema: unknown, views: EpisodeView[] = [], siblings: string[] = []) =>
  operator.apply({ text, views, rng: new Rng(1), siblings, component: 'delete_tasks', inputSchema });
