// `npm run figures`: reruns what the documentation quotes, on the code as it is, and writes each figure into its
// generated block (bench/figures/blocks.ts) in README.md and docs/, so no figure it produces is edited by hand.
// Nothing here is a benchmark or a test; figures from elsewhere (npm run bench, the calibration tests) name the
// command that produced them where they stand.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeBlocks } from './figures/blocks.ts';
import { demo } from './figures/demo.ts';
import { labplus, quickStart, seeds } from './figures/lab.ts';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(root('docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const producers: Record<string, () => Promise<string>> = { 'quick-start': quickStart, seeds, labplus, demo };
const bodies = new Map<string, string>();
for (const [name, produce] of Object.entries(producers)) {
  console.log(`figures: ${name} ...`);
  bodies.set(name, await produce());
}
const written = writeBlocks(PAGES.map(root), bodies);
for (const [file, names] of written) if (names.length > 0) console.log(`figures: wrote ${names.join(', ')} into ${file}`);
