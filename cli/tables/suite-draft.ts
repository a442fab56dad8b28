// `tdo suite draft`'s options, declared once (cli/option-table.ts).
import { commaList, sharedSpec, storeSpecs } from '../options.ts';
import { switchOption, valueOption, type FlagsOf } from '../option-table.ts';

export const SUITE_DRAFT_OPTIONS = {
  // not commander-required: the action names what is missing (cli/actions/suite-draft.ts)
  fromRun: valueOption<string[]>(
    '--from-run <ids...>',
    'the runs to draft from: runs imported from Langfuse (`tdo traces import`) or sessions recorded by `tdo proxy` (`tdo traces list` shows their ids); several ids, separated by spaces or commas',
    { parse: commaList, default: [] },
  ),
  out: valueOption('--out <file>', 'the suite file to write (default suites/SERVER-draft.yaml, SERVER the server the runs called most)'),
  force: switchOption('--force', 'overwrite the file when it exists'),
  ...storeSpecs(),
  json: sharedSpec.json('print what was drafted as one JSON object (snake_case keys) instead of text'),
};

export type SuiteDraftFlags = FlagsOf<typeof SUITE_DRAFT_OPTIONS>;
