import type { ReflectionCall, ToolReflectionRecord } from '../../../optimizer/adapter/reflection.ts';

/** One reflective-dataset row for the tool `convert`: by default a task it missed (another tool erred). */
export function record(overrides: Partial<ToolReflectionRecord> = {}): ToolReflectionRecord {
  return {
    task: 'How heavy is 12 ounces in grams?',
    steps: [{ intent: 'how many grams is 12 ounces', tools: ['convert'], forComponent: true }],
    observed: true,
    calls: [{ name: 'other', server: 'x', component: false, args: '{}', output: 'Error', isError: true }],
    usedComponent: false,
    missed: true,
    success: false,
    checkerFeedback: 'Expected 340.19.',
    score: 0,
    feedback: 'Expected 340.19.',
    ...overrides,
  };
}

export function call(overrides: Partial<ReflectionCall> = {}): ReflectionCall {
  return { name: 'convert', server: 'lab', component: true, args: '{"value":12}', output: '340.19 g', isError: false, ...overrides };
}

/** A step the labels give to another tool, and one they give to `convert`. */
export const READ_STEP = { intent: 'look at the road trip log', tools: ['read'], forComponent: false };
export const CONVERT_STEP = { intent: 'how many grams is 12 ounces', tools: ['convert'], forComponent: true };
