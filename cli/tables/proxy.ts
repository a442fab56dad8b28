// `tdo proxy`'s options, declared once (cli/option-table.ts).
import { sharedSpec, storeSpecs } from '../options.ts';
import { required, valueOption, type FlagsOf } from '../option-table.ts';

export const PROXY_OPTIONS = {
  name: required(valueOption('--name <name>', "the server's name in the trace store (and in tdo.config.json's mcpServers, when no command is given)")),
  version: sharedSpec.version('description version to serve in tools/list (see `tdo versions`); one, since a proxy fronts one server'),
  ...storeSpecs(),
};

export type ProxyFlags = FlagsOf<typeof PROXY_OPTIONS>;
