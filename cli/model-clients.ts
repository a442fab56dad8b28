// How the CLI builds the model clients of one command: the agent's and the proposer's share the response cache,
// one rate limiter (cli/rate-limits.ts) and one spend meter with the config's prices and the command's caps.
import type { RunSpend, TraceStore } from '../traces/index.ts';
import { inputError } from '../src/index.ts';
import { CassettePlayer, CassetteRecorder, checkRecordingPath, checkReplayPath } from '../src/index.ts';
import { ChatClient } from '../src/models/index.ts';
import type { ModelPrices } from '../src/index.ts';
import type { ModelRateLimiter } from '../src/index.ts';
import type { ResponseCache } from '../src/index.ts';
import { ModelSpend, resolveEndpoint, type Spent, type SpendCaps } from '../src/index.ts';
import type { CliConfig } from './config.ts';
import type { QueueFlag } from './options.ts';

export interface ModelClientSetup {
  /** false with --no-cache */
  reuseCache?: boolean;
  rateLimiter?: ModelRateLimiter | undefined;
  spend?: ModelSpend | undefined;
  /** --record FILE or --replay FILE, one per command and shared by the agent's and the proposer's clients. */
  cassette?: ModelCassette | undefined;
}

export type ModelCassette = { recorder: CassetteRecorder } | { player: CassettePlayer };

export function chatClient(model: string, store: Pick<TraceStore, 'cacheGet' | 'cachePut'>, setup: ModelClientSetup): ChatClient {
  const { reuseCache = true, rateLimiter, spend, cassette } = setup;
  return new ChatClient({
    model,
    cache: responseCache(store, reuseCache),
    ...(rateLimiter === undefined ? {} : { rateLimiter }),
    ...(spend === undefined ? {} : { spend }),
    ...cassette,
  });
}

/** --record and --replay. */
export interface CassetteFlags {
  record?: string;
  replay?: string;
}

/**
 * Refuses --record and --replay the command could not keep, without writing anything: called before the store is
 * opened, so a wrong path leaves no new database behind, and again by modelCassette. With --queue the workers make
 * the agent's calls, which this process could neither record nor answer.
 */
export function checkCassetteFlags(flags: CassetteFlags & QueueFlag): void {
  if (flags.record !== undefined && flags.replay !== undefined) throw inputError('Give --record or --replay, not both.');
  if (flags.queue !== undefined && (flags.record !== undefined || flags.replay !== undefined))
    throw inputError('--record and --replay take the model calls of this process; with --queue the workers make them: drop --queue');
  if (flags.record !== undefined) checkRecordingPath(flags.record);
  if (flags.replay !== undefined) checkReplayPath(flags.replay);
}

/**
 * Refuses, before the store is opened, model calls this process could not make: the models it calls itself need
 * an endpoint (OPENAI_BASE_URL, or the model block of tdo.config.json) unless --replay answers them.
 */
export function checkModelEndpoint(flags: CassetteFlags, models: readonly string[]): void {
  if (models.length > 0 && flags.replay === undefined) resolveEndpoint({});
}

/** The command's cassette, opened before anything runs. */
export async function modelCassette(flags: CassetteFlags & QueueFlag): Promise<ModelCassette | undefined> {
  checkCassetteFlags(flags);
  if (flags.record !== undefined) return { recorder: new CassetteRecorder(flags.record) };
  if (flags.replay !== undefined) return { player: await CassettePlayer.open(flags.replay) };
  return undefined;
}

/**
 * The trace store as a model client's response cache. With `reuse` false (`--no-cache`) every request
 * goes to the endpoint; the fresh answers are still stored for later runs.
 */
export function responseCache(store: Pick<TraceStore, 'cacheGet' | 'cachePut'>, reuse: boolean): ResponseCache {
  return { get: (k) => (reuse ? store.cacheGet(k) : undefined), put: (k, v) => store.cachePut(k, v) };
}

/** The prices of tdo.config.json's model block; none without a config. */
export function configuredPrices(config: CliConfig): ModelPrices {
  return config.loaded?.config.model?.prices ?? {};
}

/** --max-cost and --max-tokens. */
export interface SpendCapFlags {
  maxCost?: number;
  maxTokens?: number;
}

/**
 * The meter of a command's model calls. A cost cap needs a price for every model the command calls: without one
 * the cap could never be reached, so it is refused before anything runs.
 */
export function modelSpend(config: CliConfig, flags: SpendCapFlags & QueueFlag, models: readonly string[], before?: Spent): ModelSpend {
  checkSpendCaps(config, flags, models);
  const caps: SpendCaps = {
    ...(flags.maxCost === undefined ? {} : { maxCost: flags.maxCost }),
    ...(flags.maxTokens === undefined ? {} : { maxTokens: flags.maxTokens }),
  };
  return new ModelSpend(configuredPrices(config), caps, before);
}

/** Refuses caps the command could not keep; called before the store is opened, and again by modelSpend. */
export function checkSpendCaps(config: CliConfig, flags: SpendCapFlags & QueueFlag, models: readonly string[]): void {
  const prices = configuredPrices(config);
  // with --queue the agent's calls are made by the workers, which this process's meter never sees
  if (flags.queue !== undefined && (flags.maxCost !== undefined || flags.maxTokens !== undefined))
    throw inputError('--max-cost and --max-tokens count the model calls of this process; with --queue the workers make them: drop the cap or --queue');
  if (flags.maxCost !== undefined) {
    const unpriced = models.filter((m) => !Object.hasOwn(prices, m));
    if (unpriced.length > 0)
      throw inputError(
        `--max-cost needs a price for ${unpriced.map((m) => `"${m}"`).join(', ')}: add it under model.prices in tdo.config.json (input, cachedInput and output, dollars per million tokens), or cap with --max-tokens`,
      );
  }
}

/** What the runs being resumed spent already (agent and proposer), so a cap counts the whole run; none for a new one. */
export function spentBefore(store: Pick<TraceStore, 'runSpend'>, runIds: readonly string[]): Spent {
  return spentOf(store.runSpend(runIds));
}

function spentOf(spend: RunSpend): Spent {
  const parts = [spend.agent, spend.proposer];
  return { tokens: parts.reduce((s, p) => s + p.tokensIn + p.tokensOut, 0), cost: parts.reduce((s, p) => s + (p.cost ?? 0), 0) };
}
