// `tdo suite draft --generate N --model M`: a model drafts a suite's requests from the tools' names, input
// schemas and (for tools the author lets tdo call) call results, not from their descriptions unless asked
// (src/suite-draft/). The model client is the llm agent's, with its cache, rate limits, caps and cassettes
// (cli/model-clients.ts). Nothing is written until every answer is in: an outage or a cap ends the command with
// no file, never with a smaller suite.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { Host } from '../../src/host/index.ts';
import type { EpisodeRoutes } from '../../src/host/index.ts';
import {
  asker,
  callCost,
  generatedDraftYaml,
  estimateDraft,
  generateDraft,
  inputError,
  MIN_REQUESTS_PER_TOOL,
  SUITE_SCHEMA_FILE,
  toJsonText,
} from '../../src/index.ts';
import type { DraftEstimate, DraftTool, GenerateInput } from '../../src/index.ts';
import { countDescriptionTokens } from '../../traces/index.ts';
import type { CliConfig } from '../config.ts';
import { commandConfig, withStore } from '../context.ts';
import { chatClient, checkCassetteFlags, checkModelEndpoint, checkSpendCaps, configuredPrices, modelCassette, modelSpend } from '../model-clients.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import type { SuiteDraftFlags } from '../tables/suite-draft.ts';
import { draftSource, type DraftSource } from './suite-draft-source.ts';
import { draftJson, renderDraft, renderDraftEstimate, type DraftOutcome } from '../format/suite-generate.ts';

export async function suiteGenerateCommand(command: string[], flags: SuiteDraftFlags): Promise<void> {
  const { model, requests } = checkGenerateFlags(flags);
  const config = commandConfig(flags);
  checkCassetteFlags(flags);
  checkSpendCaps(config, flags, [model]);
  if (flags.dryRun !== true) checkModelEndpoint(flags, [model]);
  const source = draftSource(command, flags, config);
  const out = resolve(flags.out ?? `suites/${source.name}-draft.yaml`);
  if (existsSync(out) && flags.force !== true) throw inputError(`${out} exists; --force overwrites it`);

  const host = await Host.connect(source.specs);
  let routes: EpisodeRoutes | undefined;
  try {
    const tools: DraftTool[] = host.catalogue().tools.map((t) => ({ server: t.server, name: t.tool, description: t.description, inputSchema: t.inputSchema }));
    if (tools.length === 0) throw inputError(`${source.specs.map((s) => s.name).join(', ')} list no tools; there is nothing to draft requests for`);
    const unknown = flags.callTools.filter((name) => !tools.some((t) => t.name === name));
    if (unknown.length > 0)
      throw inputError(`--call-tools names ${unknown.join(', ')}, which the servers do not list (they list ${tools.map((t) => t.name).join(', ')})`);
    const input: GenerateInput = {
      tools,
      requestsPerTool: requests,
      negatives: flags.negatives,
      sequences: flags.sequences,
      options: { withDescriptions: flags.withDescriptions === true },
      maxOverlap: flags.maxOverlap,
    };
    if (flags.dryRun === true) return printEstimate(flags, estimate(input, flags.callTools, model, config));
    const outcome = await withStore(flags, { mode: 'write' }, async ({ store }) => {
      const spend = modelSpend(config, flags, [model]);
      const client = chatClient(model, store, {
        reuseCache: flags.cache,
        rateLimiter: modelRateLimiter(flags, config),
        spend,
        cassette: await modelCassette(flags),
      });
      const drafting = asker(client, () => spend.capReached);
      if (flags.callTools.length > 0) routes = await host.episode({ id: 'suite-draft' });
      const tasks = await generateDraft(drafting, { ...input, callTool: routes && toolCaller(host, routes, flags.callTools) });
      return { tasks, calls: drafting.calls, retried: drafting.retried, spent: drafting.spent };
    });
    writeDraft(out, source, outcome.tasks, flags, model);
    const drafted: DraftOutcome = { ...outcome, file: relative(process.cwd(), out) || out, model, source: source.name, tools, maxOverlap: flags.maxOverlap };
    process.stdout.write(flags.json ? toJsonText(draftJson(drafted)) : renderDraft(drafted));
  } finally {
    // a server started per episode for the example calls is closed with its route, not with the host
    await routes?.close();
    await host.close();
  }
}

function checkGenerateFlags(flags: SuiteDraftFlags): { model: string; requests: number } {
  if (flags.generate === undefined) throw inputError('tdo suite draft needs --generate N (requests per tool drafted by a model)');
  if (flags.generate < MIN_REQUESTS_PER_TOOL)
    throw inputError(
      `--generate ${flags.generate}: each tool needs at least ${MIN_REQUESTS_PER_TOOL} requests (two in train, one each in val, test and paraphrase)`,
    );
  if (flags.model === undefined) throw inputError('--generate needs --model NAME, the model that drafts the requests');
  return { model: flags.model, requests: flags.generate };
}

/** For each tool --call-tools names, a call through the host that returns the result's text (an error's too, marked). */
function toolCaller(host: Host, routes: EpisodeRoutes, allowed: readonly string[]): GenerateInput['callTool'] {
  const catalogue = host.catalogue();
  const invoker = routes.invoker(catalogue, () => {});
  return (tool) => {
    if (!allowed.includes(tool.name)) return undefined;
    const name = catalogue.tools.find((t) => t.server === tool.server && t.tool === tool.name)!.name;
    return async (args) => {
      const outcome = await invoker.call(name, args);
      return outcome.isError ? `an error: ${outcome.text}` : outcome.text;
    };
  };
}

function estimate(input: GenerateInput, callTools: readonly string[], model: string, config: CliConfig): DraftEstimate {
  const prices = configuredPrices(config);
  return estimateDraft(
    { ...input, probed: callTools },
    {
      model,
      countTokens: (text) => countDescriptionTokens({ text }),
      priceOf: (m, tokensIn, tokensOut) =>
        Object.hasOwn(prices, m) ? callCost(prices[m]!, { promptTokens: tokensIn, cachedPromptTokens: 0, completionTokens: tokensOut }) : null,
    },
  );
}

function printEstimate(flags: SuiteDraftFlags, e: DraftEstimate): void {
  process.stdout.write(flags.json ? toJsonText({ dryRun: true, estimate: e }) : renderDraftEstimate(e));
}

function writeDraft(out: string, source: DraftSource, tasks: DraftOutcome['tasks'], flags: SuiteDraftFlags, model: string): void {
  mkdirSync(dirname(out), { recursive: true });
  const yaml = generatedDraftYaml(
    { name: source.name, servers: source.entries, ...(source.target === undefined ? {} : { target: source.target }), tasks },
    {
      model,
      withDescriptions: flags.withDescriptions === true,
      calledTools: flags.callTools,
      maxOverlap: flags.maxOverlap,
      schemaPath: relative(dirname(out), SUITE_SCHEMA_FILE),
    },
  );
  writeFileSync(out, yaml);
}
