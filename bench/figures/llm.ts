// The LLM path's figures (README.md, "With a model"), against the OpenAI-compatible double playing the lab suite
// (bench/lib/lab-model.ts) with a price set in tdo.config.json: the estimate before a search, the search stopped at
// its cost cap and resumed with a raised cap, and an experiment's cost column. The double is no model: the figures
// show what tdo counts, caps and reports, not how well any model does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { labSuite } from '../lib/lab.ts';
import { labModel } from '../lib/lab-model.ts';
import { startOpenAiDouble } from '../../test/support/openai-double.ts';
import { scratchPath, tdoIn, type TerminalOptions } from './tdo.ts';

const MODEL = 'example-model';
/** US dollars per million tokens; no real model's price. */
const PRICES = { [MODEL]: { input: 0.4, cachedInput: 0.1, output: 1.6 } };
const SEARCH = [
  'optimize',
  '--target',
  'success',
  '--suite',
  'lab',
  '--server',
  'lab',
  '--budget',
  '60',
  '--agent',
  'llm',
  '--model',
  MODEL,
  '--proposer',
  'llm',
];
const FOLDER = 'llm';

/** The first match's group of `pattern` in `text`; a figure that cannot find what it quotes stops with the text. */
function found(pattern: RegExp, text: string): string {
  const match = pattern.exec(text);
  if (match?.[1] === undefined) throw new Error(`figures llm: ${pattern} not found in:\n${text}`);
  return match[1];
}

/** The lines of `text` from the first that starts with `from` up to and with the first that starts with `to`. */
function linesBetween(text: string, from: string, to: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(from));
  const end = lines.findIndex((line, i) => i >= start && line.startsWith(to));
  if (start < 0 || end < 0) throw new Error(`figures llm: no lines from "${from}" to "${to}" in:\n${text}`);
  return lines.slice(start, end + 1);
}

const shown = (args: string[]) => `$ npx tdo ${args.join(' ')}`;

export async function llm(): Promise<string> {
  const double = await startOpenAiDouble(labModel(labSuite()));
  try {
    const options: TerminalOptions = { env: { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'double' } };
    mkdirSync(scratchPath(FOLDER));
    writeFileSync(join(scratchPath(FOLDER), 'tdo.config.json'), JSON.stringify({ model: { prices: PRICES } }, null, 2));
    const dryRun = [...SEARCH, '--dry-run'];
    const estimate = await tdoIn(dryRun, FOLDER, options);
    const capped = [...SEARCH, '--max-cost', '0.01'];
    const stopped = await tdoIn(capped, FOLDER, { ...options, exitCodes: [130] });
    const runId = found(/^optimize run (r-[0-9a-f]+) /m, stopped.stdout);
    const resume = ['optimize', '--resume', runId, '--max-cost', '0.1'];
    const resumed = await tdoIn(resume, FOLDER, options);
    const versions = /^versions: seed (\S+) -> best (\S+) /m.exec(resumed.stdout);
    const compared = versions === null ? [found(/the best version is the seed (\S+)/, resumed.stdout)] : [versions[1]!, versions[2]!];
    const experiment = ['experiment', '--suite', 'lab', '--version', compared.join(','), '--agent', 'llm', '--model', MODEL, '--repeat', '1', '--no-cache'];
    const measured = await tdoIn(experiment, FOLDER, options);
    return [
      '```',
      shown(dryRun),
      estimate.stdout,
      '',
      shown(capped),
      ...linesBetween(stopped.stdout, 'optimize run', 'model spend'),
      '[...]',
      found(/^(stopped at the cost cap.*)$/m, stopped.stdout),
      '',
      shown(resume),
      ...linesBetween(resumed.stdout, 'optimize run', 'model spend'),
      '',
      shown(experiment),
      ...linesBetween(measured.stdout, 'suite lab', '└'),
      '[...]',
      found(/^(model spend.*)$/m, measured.stdout),
      '```',
    ].join('\n');
  } finally {
    await double.close();
  }
}
