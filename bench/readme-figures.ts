// `npm run figures`: reruns what the documentation quotes, on the code as it is, and writes each figure into its
// generated block (bench/figures/blocks.ts) in README.md and docs/, so no figure it produces is edited by hand.
// Nothing here is a benchmark or a test; figures from elsewhere (npm run bench, the calibration tests) name the
// command that produced them where they stand.
// `npm run figures -- NAME...` reruns only the blocks whose names start with one of the NAMEs (`options` for the
// option tables, a few seconds) and leaves the others as they stand.
import { currentBodies, writeBlocks } from './figures/blocks.ts';
import { pages, PRODUCERS } from './figures/producers.ts';

const only = process.argv.slice(2);
const chosen = (name: string) => only.length === 0 || only.some((prefix) => name.startsWith(prefix));
const bodies = currentBodies(pages());
for (const [name, produce] of Object.entries(PRODUCERS).filter(([name]) => chosen(name))) {
  console.log(`figures: ${name} ...`);
  bodies.set(name, await produce());
}
for (const [file, names] of writeBlocks(pages(), bodies)) if (names.length > 0) console.log(`figures: wrote ${names.join(', ')} into ${file}`);
