import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Test layers by file name (CONTRIBUTING.md): `NAME.cli.test.ts`, `NAME.system.test.ts` and
// `NAME.calibration.test.ts` are their projects; every other `NAME.test.ts` is a unit test.
// test/architecture/test-layers.test.ts checks that each test file is in exactly one project.
export const LAYER_SUFFIXES = ['cli', 'system', 'calibration'] as const;

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // vitest's default is one worker fewer than the cores, one on a 2-core machine; the CLI and system tests wait
    // much of their time on the processes and servers they start, so two workers there keep both cores busy (the
    // whole run on 2 cores: 1,638 s with one worker, 1,391 s with two, every test passing)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...LAYER_SUFFIXES.map((layer) => `**/*.${layer}.test.ts`)],
          // a unit test stays in its own process, which keeps `npm run test:unit` fast
          setupFiles: ['test/support/in-process-only.ts'],
          // the unit files share one module graph instead of loading it again per file: three quarters of the
          // project's time was imports (175 files: 132 s isolated, 33 s shared, passing in shuffled file orders too)
          isolate: false,
        },
      },
      ...LAYER_SUFFIXES.map((layer) => ({ extends: true as const, test: { name: layer, include: [`test/**/*.${layer}.test.ts`] } })),
    ],
  },
});
