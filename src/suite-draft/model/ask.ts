// One question to the drafting model, asked until its answer parses and passes the caller's check, a bounded
// number of times. Each retry sends the answer back with what was wrong (prompt.ts, retryMessages), so it is a
// new request and never the cached answer again; past the bound the draft ends with an error naming the model,
// the question and the last problem, never with fewer tasks.
import type * as z from 'zod';
import type { ChatModel } from '../../models/chat-client.ts';
import { TdoError } from '../../errors.ts';
import { counted } from '../../text/counted.ts';
import { parseAnswer } from './answer.ts';
import { retryMessages, type DraftMessage } from './prompt.ts';

/** Attempts per question: the first and two retries. */
export const ATTEMPTS = 3;

export interface Asker {
  readonly model: string;
  /** model calls made so far (answers from the cache or a cassette included) */
  readonly calls: number;
  /** questions asked again after an answer that could not be used */
  readonly retried: number;
  /** what the calls spent: tokens as counted (src/models/usage.ts), dollars or null when the model has no price */
  readonly spent: { tokensIn: number; tokensOut: number; cost: number | null };
  ask<T>(what: string, messages: DraftMessage[], schema: z.ZodType<T>, check?: (value: T) => string | undefined): Promise<T>;
}

/** `stopped` names a cap reached (src/models/spend.ts), checked before every call. */
export function asker(model: ChatModel, stopped: () => string | undefined = () => undefined): Asker {
  const counts = { calls: 0, retried: 0 };
  const spent = { tokensIn: 0, tokensOut: 0, cost: 0 as number | null };
  return {
    model: model.model,
    get calls() {
      return counts.calls;
    },
    get retried() {
      return counts.retried;
    },
    get spent() {
      return { ...spent };
    },
    async ask(what, messages, schema, check) {
      let asked = messages;
      let problem = '';
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const cap = stopped();
        if (cap !== undefined)
          throw new TdoError('interrupted', `stopped at the ${cap} after ${counted(counts.calls, 'model call')}, before ${what}; nothing was written`);
        if (attempt > 1) counts.retried++;
        counts.calls++;
        const result = await model.complete({ messages: asked });
        spent.tokensIn += result.usage?.promptTokens ?? 0;
        spent.tokensOut += result.usage?.completionTokens ?? 0;
        spent.cost = spent.cost === null || result.cost === null ? null : spent.cost + result.cost;
        const content = result.message.content ?? '';
        const parsed = parseAnswer(content, schema);
        problem = parsed.ok ? (check?.(parsed.value) ?? '') : parsed.problem;
        if (parsed.ok && problem === '') return parsed.value;
        asked = retryMessages(asked, content, problem);
      }
      throw new TdoError('infrastructure', `the model "${model.model}" gave no usable answer for ${what} in ${ATTEMPTS} attempts: ${problem}`);
    },
  };
}
