import { createRequire, syncBuiltinESMExports } from 'node:module';

// The unit project's setup (vitest.config.ts): a unit test that starts a process fails saying where it belongs,
// so the contributor's loop (`npm run test:unit`) stays in one process and fast. CONTRIBUTING.md gives the rule.
const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;
const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

for (const name of STARTERS) {
  childProcess[name] = (command: unknown) => {
    throw new Error(
      `a unit test started a process (child_process.${name} ${String(command)}): a test that starts servers, Redis, Chromium or npm ` +
        'is a system test (name it NAME.system.test.ts), one that runs `tdo` is a CLI test (NAME.cli.test.ts); see CONTRIBUTING.md',
    );
  };
}
syncBuiltinESMExports();
