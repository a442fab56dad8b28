// Preloaded into a measured `tdo` process (`--import`): at exit, writes the process's peak resident set
// size to the file named by TDO_BENCH_PEAK_RSS_FILE. Servers the process starts do not get the preload.
import { writeFileSync } from 'node:fs';

const out = process.env.TDO_BENCH_PEAK_RSS_FILE;
if (out !== undefined) {
  process.on('exit', () => {
    writeFileSync(out, JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, heapUsedAtExit: process.memoryUsage().heapUsed }));
  });
}
