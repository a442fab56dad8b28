// `tdo diff`'s options, declared once (cli/option-table.ts).
import { choice, sharedSpec, storeSpecs } from '../options.ts';
import { valueOption, worded, type FlagsOf } from '../option-table.ts';

export const DIFF_FORMATS = ['text', 'md', 'json', 'html'] as const;

export const DIFF_OPTIONS = {
  format: valueOption('--format <format>', 'text (colored on a terminal), md, json or html', { parse: choice(DIFF_FORMATS), default: 'text' }),
  json: worded(sharedSpec.json(), 'print JSON (the same as --format json)'),
  ...storeSpecs(),
};

export type DiffFlags = FlagsOf<typeof DIFF_OPTIONS>;
