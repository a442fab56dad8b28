import * as z from 'zod';
import { DEFAULT_TOOL_SEARCH_K, MAX_TOOL_SEARCH_K, TOOL_SEARCH_MODES, type ToolSearchMode } from './modes.ts';

/** The mode and k one run uses: resolved from the flags, the suite file and tdo.config.json (resolveToolSearch). */
export interface ToolSearchSettings {
  mode: ToolSearchMode;
  k: number;
}

/** `toolSearch` in a suite file or tdo.config.json: either field may be left to the next source. */
export const toolSearchBlockSchema = z.strictObject({
  mode: z.enum(TOOL_SEARCH_MODES).optional(),
  k: z.number().int().positive().max(MAX_TOOL_SEARCH_K).optional(),
});
export type ToolSearchBlock = z.infer<typeof toolSearchBlockSchema>;

/** Each field from the first source that sets it: the flags, then the suite file, then tdo.config.json, then the defaults. */
export function resolveToolSearch(...sources: Array<ToolSearchBlock | undefined>): ToolSearchSettings {
  const mode = sources.find((s) => s?.mode !== undefined)?.mode ?? 'off';
  const k = sources.find((s) => s?.k !== undefined)?.k ?? DEFAULT_TOOL_SEARCH_K;
  return { mode, k };
}

/** What a run stores and a resume reads back. */
export const toolSearchSettingsSchema = z.strictObject({ mode: z.enum(TOOL_SEARCH_MODES), k: z.number().int().positive().max(MAX_TOOL_SEARCH_K) });
