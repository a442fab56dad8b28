import type { EditOperator } from './edit-operator.ts';
import { addAccepted } from './operators/add-accepted.ts';
import { addClaim } from './operators/add-claim.ts';
import { addExample } from './operators/add-example.ts';
import { describeParameters } from './operators/describe-parameters.ts';
import { describeUse } from './operators/describe-use.ts';
import { pointToSibling } from './operators/point-to-sibling.ts';
import { pruneUse } from './operators/prune-use.ts';
import { quoteLimit } from './operators/quote-limit.ts';
import { removeClaim } from './operators/remove-claim.ts';
import { shorten } from './operators/shorten.ts';
import { stateNotFor } from './operators/state-not-for.ts';
import { stateReturns } from './operators/state-returns.ts';
import { trimUse } from './operators/trim-use.ts';

/**
 * Every edit the sim proposer may draw: a new operator is one entry. The proposer draws from this list with a
 * seeded rng (kindBalancedOrder, proposer.ts), so its order decides every sim proposal: reordering it changes
 * every sim figure.
 */
export const EDIT_OPERATORS: readonly EditOperator[] = [
  describeUse,
  pruneUse,
  trimUse,
  stateNotFor,
  pointToSibling,
  quoteLimit,
  addAccepted,
  describeParameters,
  stateReturns,
  addExample,
  addClaim,
  removeClaim,
  shorten,
];
