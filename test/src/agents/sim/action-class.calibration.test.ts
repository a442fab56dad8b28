import { describe, expect, it } from 'vitest';
import { stepClass, toolClasses } from '../../../../src/agents/sim/action-class.ts';
import { contradicts, doesWhatIsAsked } from '../../../../src/agents/sim/actions/classes.ts';
import { loadBfcl, loadBfclLiveMultiple } from './tool-preferences.ts';

/**
 * The action class table (actions/classes.ts) and the readers of a request's and a tool name's class
 * (action-class.ts) against real questions and the functions real annotators called for them: where both
 * classes can be read, the right function should do what the question asks, and almost never contradict it
 * (each contradiction is a right tool the gate sinks).
 */
function agreement(tasks: ReadonlyArray<{ question: string; correct: string; tools: ReadonlyArray<{ name: string; tool: string }> }>) {
  let read = 0;
  let fits = 0;
  let contradicting = 0;
  for (const task of tasks) {
    const step = stepClass(task.question);
    const classes = toolClasses(task.tools.find((t) => t.name === task.correct)!.tool);
    if (step === undefined || classes.length === 0) continue;
    read++;
    if (classes.some((c) => doesWhatIsAsked(step, c))) fits++;
    else if (classes.every((c) => contradicts(step, c))) contradicting++;
  }
  return { questions: tasks.length, read, fits: fits / read, contradicting: contradicting / read };
}

describe('action classes on BFCL (real questions, the functions called for them)', () => {
  for (const [name, tasks] of [
    ['BFCL live_multiple', loadBfclLiveMultiple()],
    ['BFCL v3 multiple', loadBfcl()],
  ] as const)
    it(`reads both classes for most of ${name}'s questions; the right function does what is asked in 70% and contradicts it in at most 2%`, () => {
      const a = agreement(tasks);
      console.log(
        `${name}: both classes read for ${a.read} of ${a.questions} questions; the right function fits ${(100 * a.fits).toFixed(1)}%, contradicts ${(100 * a.contradicting).toFixed(1)}%`,
      );
      expect(a.read / a.questions).toBeGreaterThanOrEqual(0.5);
      expect(a.fits).toBeGreaterThanOrEqual(0.7);
      expect(a.contradicting).toBeLessThanOrEqual(0.02);
    });
});
