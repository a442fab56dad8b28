// `tdo agents`'s options, declared once (cli/option-table.ts).
import { sharedSpec } from '../options.ts';
import type { FlagsOf } from '../option-table.ts';

export const AGENTS_OPTIONS = {
  json: sharedSpec.json(),
};

export type AgentsFlags = FlagsOf<typeof AGENTS_OPTIONS>;
