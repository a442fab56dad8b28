/** A count with its noun in the right number, "1 task" or "3 tasks", for prose a person reads (never "task(s)"). */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
