// `tdo config check`'s options, declared once (cli/option-table.ts); `config schema` and `config suite-schema` take none.
import { sharedSpec } from '../options.ts';
import type { FlagsOf } from '../option-table.ts';

export const CONFIG_CHECK_OPTIONS = {
  config: sharedSpec.config(),
  json: sharedSpec.json(),
};

export type ConfigCheckFlags = FlagsOf<typeof CONFIG_CHECK_OPTIONS>;
