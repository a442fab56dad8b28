// `tdo view`'s options, declared once (cli/option-table.ts).
import { InvalidArgumentError } from 'commander';
import { storeSpecs } from '../options.ts';
import { switchOption, valueOption, type FlagsOf } from '../option-table.ts';

export const DEFAULT_VIEW_PORT = 8300;

function port(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return Number(value);
}

export const VIEW_OPTIONS = {
  ...storeSpecs(),
  port: valueOption('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', { parse: port, default: DEFAULT_VIEW_PORT }),
  open: switchOption('--open', "open the viewer in the system's browser"),
};

export type ViewFlags = FlagsOf<typeof VIEW_OPTIONS>;
