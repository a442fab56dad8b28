// `tdo lint`'s options, declared once (cli/option-table.ts).
import { sharedSpec, storeSpecs } from '../options.ts';
import type { FlagsOf } from '../option-table.ts';

export const LINT_OPTIONS = {
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export type LintFlags = FlagsOf<typeof LINT_OPTIONS>;
