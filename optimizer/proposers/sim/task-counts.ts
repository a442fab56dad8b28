/** How many distinct tasks each word came up in, from (word, task) pairs, in the order words first came up. */
export function taskCounts(pairs: Iterable<readonly [word: string, task: string]>): Map<string, number> {
  const tasks = new Map<string, Set<string>>();
  for (const [word, task] of pairs) tasks.set(word, (tasks.get(word) ?? new Set()).add(task));
  return new Map([...tasks].map(([w, t]) => [w, t.size]));
}
