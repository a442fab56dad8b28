// Preloaded into a measured `tdo` process (`--import`): at exit, writes the process's peak resident set
// size to the file named by TDO_BENCH_PEAK_RSS_FILE, and the heap still in use after a full collection
// (the process runs with --expose-gc), which is what the process keeps rather than what V8 has not yet
// collected. Servers the process starts do not get the preload.
import { writeFileSync } from 'node:fs';

const out = process.env.TDO_BENCH_PEAK_RSS_FILE;
if (out !== undefined) {
  process.on('exit', () => {
    const maxRssKb = process.resourceUsage().maxRSS;
    const heapUsedAtExit = process.memoryUsage().heapUsed;
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    const liveHeapAtExit = collect === undefined ? undefined : process.memoryUsage().heapUsed;
    writeFileSync(out, JSON.stringify({ maxRssKb, heapUsedAtExit, liveHeapAtExit }));
  });
}
