// This tdo's own launcher (bin/tdo.js, the package's `bin`, which loads cli/main.ts or cli/serve-main.ts): the command a printed
// `tdo proxy` line starts, and the entry a shipped suite's server spec names to start our servers.
import { fileURLToPath } from 'node:url';

export const TDO_BIN = fileURLToPath(new URL('../bin/tdo.js', import.meta.url));
