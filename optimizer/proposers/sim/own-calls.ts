import { NOT_EXECUTED_RESULT } from '../../../src/index.ts';
import { TRUNCATION_MARK, type EpisodeView, type ReflectionCall } from '../../adapter/reflection.ts';

/**
 * This tool's calls that failed, or that worked. A call a selection-only task stopped at was never executed:
 * its result is tdo's placeholder, which says nothing of what the tool returns or accepts.
 */
export function ownCalls(views: readonly EpisodeView[], failed: boolean): ReflectionCall[] {
  return views.flatMap((v) => v.calls.filter((c) => c.component && c.isError === failed && c.output !== NOT_EXECUTED_RESULT));
}

/** The text up to its last , ; : or . (nothing when it has none): what a clip left whole. */
function withoutLastItem(text: string): string {
  return text.slice(0, Math.max(...[',', ';', ':', '.'].map((mark) => text.lastIndexOf(mark))) + 1);
}

/** The output without the cap's mark and the item it cut in half, if the dataset clipped it. */
export function wholeItems(output: string): string {
  return output.endsWith(TRUNCATION_MARK) ? withoutLastItem(output.slice(0, -TRUNCATION_MARK.length)) : output;
}
