// Where the shipped suites are (lab, market, the selection suites): a bare `--suite NAME` is looked up here. The core
// never spells this path; the composition root (cli/) hands it down in the suite references.
import { fileURLToPath } from 'node:url';

export const SHIPPED_SUITES_DIR = fileURLToPath(new URL('.', import.meta.url));
