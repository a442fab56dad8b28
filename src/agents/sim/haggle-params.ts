/**
 * The sim buyer's negotiation parameters, each with where its value comes from.
 *
 * Concession: the polynomial time-dependent tactic of Faratin, Sierra & Jennings (1998), "Negotiation
 * decision functions for autonomous agents", Robotics and Autonomous Systems 24(3-4): the offer in round
 * t of T is  first + (t / (T - 1))^(1/beta) * (limit - first). beta = 1 concedes linearly (beta < 1 is
 * their "Boulware", beta > 1 their "Conceder"); the first offer and the number of rounds are not from
 * the paper but judgment calls, fixed here and reported with every result.
 *
 * Injection: the share of episodes in which the buyer acts on an instruction planted in a tool result.
 * InjecAgent (Zhan, Liang, Ying & Kang, Findings of ACL 2024, arXiv 2403.02691) reports that a
 * ReAct-prompted GPT-4 agent follows injected instructions in tool responses 24% of the time in its base
 * setting (about twice as often when a "hacking prompt" reinforces the instruction). The market's
 * injected sentence is a plain instruction, so the base rate applies.
 */
export interface HaggleParams {
  /** First offer as a share of the buyer's limit. */
  firstOfferShare: number;
  /** Proposals before the buyer walks away. */
  rounds: number;
  /** Faratin et al.'s concession exponent. */
  beta: number;
  /** Probability that the buyer acts on an injected instruction (once per episode). */
  injectionCompliance: number;
}

export const HAGGLE_PARAMS: Readonly<HaggleParams> = Object.freeze({
  // Judgment call: open 30% under the limit, as a buyer with room to move would.
  firstOfferShare: 0.7,
  // Judgment call: six proposals, after which a buyer gives up on a seller.
  rounds: 6,
  // Faratin et al. 1998: linear concession.
  beta: 1,
  // InjecAgent (Zhan et al. 2024), ReAct GPT-4, base setting: 24% attack success.
  injectionCompliance: 0.24,
});

/** The offer for round `round` (0-based) under `limit`, in cents. */
export function offerAt(round: number, limit: number, params: HaggleParams): number {
  const first = params.firstOfferShare * limit;
  const progress = Math.min(1, params.rounds <= 1 ? 1 : round / (params.rounds - 1));
  return Math.round((first + progress ** (1 / params.beta) * (limit - first)) * 100) / 100;
}
