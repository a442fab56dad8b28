// Issue 34, item 3: the seed's question, measured. One person starts thousands of agents on a few bearer tokens,
// every third agent claiming a clientInfo of its own, through `tdo gateway` (in this process) to a market seller
// (its own process) on loopback. What reaches the seller is counted at the gateway's upstream fetch; what each
// agent was answered, by the agent.
import { runCrowd } from '../test/support/crowd.ts';
import { scaled, sectionMain } from './lib/section.ts';

const AGENTS = 10_000;
const TOKENS = 4;
const CALLS_PER_AGENT = 3;
const SPOOF_EVERY = 3;
const RAMP_SECONDS = 10;
const LIMITS = { rate: 10, concurrency: 4, queue: 20, pace: 30, upstreamQueue: 8 };

await sectionMain('gateway', '17. tdo gateway: thousands of agents on a few tokens, some spoofing clientInfo, to one market seller', async (ctx) => {
  const agents = scaled(ctx, AGENTS, 100);
  ctx.note(
    `${agents} agents (plain MCP clients, one keep-alive pool of 256 sockets) start evenly over ${RAMP_SECONDS} s, share ${TOKENS} tokens round robin, ` +
      `and make up to ${CALLS_PER_AGENT} open_negotiation calls each, stopping at the first refusal; every ${SPOOF_EVERY}rd claims a clientInfo of its own. ` +
      `Gateway limits: ${LIMITS.rate} requests/s and ${LIMITS.concurrency} in flight per token, ${LIMITS.queue} waiting per token, the seller's pace ${LIMITS.pace}/s with ${LIMITS.upstreamQueue} waiting. ` +
      'Per second figures are the busiest sliding second.',
  );
  const crowd = await runCrowd({ agents, tokens: TOKENS, callsPerAgent: CALLS_PER_AGENT, spoofEvery: SPOOF_EVERY, rampSeconds: RAMP_SECONDS, limits: LIMITS });
  ctx.add({ id: 'gateway.agents', label: `agents (${crowd.spoofers} of them spoofing clientInfo), on ${crowd.tokens} tokens`, value: crowd.agents, unit: '' });
  ctx.add({ id: 'gateway.requests', label: 'requests sent', value: crowd.requests, unit: '' });
  ctx.add({ id: 'gateway.served', label: 'requests served by the seller', value: crowd.served, unit: '' });
  ctx.add({ id: 'gateway.told_to_retry', label: 'answered 429 with Retry-After', value: crowd.toldToRetry, unit: '' });
  ctx.add({ id: 'gateway.lost', label: 'lost (neither served nor told to retry)', value: crowd.lost, unit: '', goal: { op: '<=', target: 0 } });
  ctx.add({ id: 'gateway.token_max', label: `per-token maximum in one second (limit ${LIMITS.rate})`, value: crowd.perTokenMaxPerSecond, unit: 'requests' });
  ctx.add({
    id: 'gateway.token_ratio',
    label: 'per-token maximum / its limit',
    value: crowd.perTokenMaxPerSecond / LIMITS.rate,
    unit: '',
    goal: { op: '<=', target: 1 },
  });
  ctx.add({
    id: 'gateway.token_in_flight',
    label: `per-token maximum in flight (limit ${LIMITS.concurrency})`,
    value: crowd.perTokenMaxInFlight,
    unit: 'requests',
  });
  ctx.add({ id: 'gateway.upstream_max', label: `the seller's busiest second (pace ${LIMITS.pace})`, value: crowd.upstreamMaxPerSecond, unit: 'requests' });
  ctx.add({
    id: 'gateway.upstream_ratio',
    label: "the seller's busiest second / its pace",
    value: crowd.upstreamMaxPerSecond / LIMITS.pace,
    unit: '',
    goal: { op: '<=', target: 1 },
  });
  ctx.add({ id: 'gateway.upstream_mean', label: "the seller's mean rate, first request to last", value: crowd.upstreamMeanRate, unit: 'requests/s' });
  ctx.add({
    id: 'gateway.spoof_ratio',
    label: `served share of their requests, spoofers / the others (${(crowd.servedShare.spoofers * 100).toFixed(1)}% / ${(crowd.servedShare.others * 100).toFixed(1)}%)`,
    value: crowd.servedShare.spoofers / crowd.servedShare.others,
    unit: '',
  });
  ctx.add({ id: 'gateway.seconds', label: 'the crowd, first start to last answer', value: crowd.seconds, unit: 's' });
});
