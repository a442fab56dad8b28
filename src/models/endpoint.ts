import * as z from 'zod';
import { inputError } from '../errors.ts';

export interface Endpoint {
  baseURL: string;
  apiKey: string;
}

const OFFLINE_HINT = 'or run with the offline agent `sim` (the default), which needs no model';

/**
 * The endpoint to talk to: explicit values win, else OPENAI_BASE_URL / OPENAI_API_KEY.
 * Both are required: silently falling back to api.openai.com could spend money on the wrong account.
 */
export function resolveEndpoint(explicit: Partial<Endpoint>, env: NodeJS.ProcessEnv = process.env): Endpoint {
  const baseURL = nonEmpty(explicit.baseURL) ?? nonEmpty(env['OPENAI_BASE_URL']);
  if (baseURL === undefined) {
    throw inputError(
      `No model endpoint: set OPENAI_BASE_URL to an OpenAI-compatible base URL (e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1), ${OFFLINE_HINT}.`,
    );
  }
  if (!z.url({ protocol: /^https?$/ }).safeParse(baseURL).success) {
    throw inputError(`The model base URL "${baseURL}" is not an http(s) URL; set OPENAI_BASE_URL to e.g. https://api.openai.com/v1.`);
  }
  const apiKey = nonEmpty(explicit.apiKey) ?? nonEmpty(env['OPENAI_API_KEY']);
  if (apiKey === undefined) {
    throw inputError(`No API key: set OPENAI_API_KEY (any non-empty value for a local server that ignores keys), ${OFFLINE_HINT}.`);
  }
  return { baseURL, apiKey };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
