// How many tasks a word must come up in before the sim proposer names it (operators/describe-use.ts,
// recurring): a word of one request names that request, not a kind of request. Its own module, so that the
// optimize summary can say why a tool with fewer train tasks got nothing (cli/format/proposal-outcomes.ts)
// without loading the proposer's English.
export const RECURRING_TASKS = 2;
