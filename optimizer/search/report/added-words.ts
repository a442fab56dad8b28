// Where the words a winner added come from: a description that learned the training tasks' own words
// (names, places, one-off nouns) does not carry to requests worded otherwise, whatever its score says.
import { type Task, terms } from '../../../src/index.ts';
import type { Texts } from '../../engine/types.ts';

export interface AddedWords {
  /** content words (stems) in the winner's descriptions and in none of the seed's, across all tools */
  added: string[];
  /** those that occur in train tasks and in no task of another split: words learned from the search's own tasks */
  trainOnly: string[];
}

/** Stems of a task's wording: its prompt and its plan's intents. */
function taskTerms(task: Task): string[] {
  return terms([task.prompt, ...task.plan.map((s) => s.intent)].join('\n'));
}

export function addedWords(seed: Texts, best: Texts, tasks: readonly Task[]): AddedWords {
  const before = new Set(Object.values(seed).flatMap((t) => terms(t)));
  const added = [...new Set(Object.values(best).flatMap((t) => terms(t)))].filter((t) => !before.has(t)).sort();
  const inTrain = new Set(tasks.filter((t) => t.split === 'train').flatMap(taskTerms));
  const elsewhere = new Set(tasks.filter((t) => t.split !== 'train').flatMap(taskTerms));
  return { added, trainOnly: added.filter((t) => inTrain.has(t) && !elsewhere.has(t)) };
}
