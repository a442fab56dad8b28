// `tdo suite draft`'s options, declared once (cli/option-table.ts): from recorded runs (`--from-run`), or written
// by a model from the tools' names and input schemas (`--generate`, src/suite-draft/); the model client's options
// are the llm agent's. The action takes one of the two (cli/actions/suite-draft.ts).
import { cassetteSpecs, commaList, modelClientSpecs, nonNegativeInt, positiveInt, share, sharedSpec, spendCapSpecs, storeSpecs } from '../options.ts';
import { switchOption, valueOption, worded, type FlagsOf } from '../option-table.ts';
import { DEFAULT_MAX_OVERLAP } from '../../src/index.ts';

export const SUITE_DRAFT_OPTIONS = {
  fromRun: valueOption<string[]>(
    '--from-run <ids...>',
    'the runs to draft from: runs imported from Langfuse (`tdo traces import`) or sessions recorded by `tdo proxy` (`tdo traces list` shows their ids); several ids, separated by spaces or commas',
    { parse: commaList, default: [] },
  ),
  generate: valueOption(
    '--generate <n>',
    'have a model draft n requests for each tool (at least 5: a fifth, at least one, in each of val, test and paraphrase, the rest in train), from its name and input schema',
    { parse: positiveInt },
  ),
  model: sharedSpec.model('the model that drafts the requests (endpoint from OPENAI_BASE_URL, key from OPENAI_API_KEY, as for --agent llm)'),
  server: valueOption(
    '--server <name>',
    "the server whose tools are drafted for: with a command after -- (tdo suite draft --generate 5 --model M --server calc -- node server.js), with --url, alone a server tdo.config.json defines, or with --suite one of the suite's servers",
  ),
  url: valueOption('--url <url>', 'a running server over Streamable HTTP, instead of a command'),
  suite: sharedSpec.suite("a shipped suite (lab) or a suite file whose servers' tools are drafted for (with --server, that server's only)"),
  withDescriptions: switchOption(
    '--with-descriptions',
    "also show the model each tool's description (by default it sees only names, input schemas and call results, so that requests are not worded after the descriptions they will test)",
  ),
  callTools: valueOption<string[]>(
    '--call-tools <tools>',
    'tools tdo may call for example results to show the model (comma-separated; only tools that change nothing): the model picks the arguments of two calls each',
    { parse: commaList, default: [] },
  ),
  negatives: valueOption('--negatives <n>', 'requests no tool of the servers serves, checked as no tool called', { parse: nonNegativeInt, default: 4 }),
  sequences: valueOption('--sequences <n>', 'requests that need two tools one after the other (with two tools or more)', { parse: nonNegativeInt, default: 4 }),
  maxOverlap: valueOption(
    '--max-overlap <share>',
    "the highest share of a paraphrase request's content words (stemmed, stop words removed) its tool's description may hold; the model is asked again for paraphrases above it",
    { parse: share, default: DEFAULT_MAX_OVERLAP },
  ),
  // the llm agent's options, worded for the one model this command calls
  ...modelClientSpecs(),
  cache: worded(modelClientSpecs().cache, 'send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)'),
  ...spendCapSpecs(
    'the draft stops before its next model call and nothing is written; answers so far are in the response cache, so running it again with a raised cap pays only for the rest',
  ),
  ...cassetteSpecs(),
  record: worded(cassetteSpecs().record, 'write every model request and its answer to this cassette (an existing cassette is extended)'),
  dryRun: switchOption(
    '--dry-run',
    "print the estimate of the drafting model's calls, tokens and cost (the servers are started to list their tools) and stop before any model endpoint is reached",
  ),
  out: valueOption(
    '--out <file>',
    'the suite file to write (default suites/NAME-draft.yaml: the server the runs called most, or the server or suite drafted for)',
  ),
  force: switchOption('--force', 'overwrite the file when it exists'),
  ...storeSpecs(),
  json: sharedSpec.json('print what was drafted as one JSON object (snake_case keys) instead of text'),
};

export type SuiteDraftFlags = FlagsOf<typeof SUITE_DRAFT_OPTIONS>;
