import * as z from 'zod';

/** Where and as whom tdo talks to Langfuse (Cloud or self-hosted). */
export interface LangfuseConfig {
  publicKey: string;
  secretKey: string;
  /** e.g. https://cloud.langfuse.com or http://localhost:3000, without a trailing slash */
  baseUrl: string;
}

export const LANGFUSE_ENV_VARS = ['LANGFUSE_PUBLIC_KEY', 'LANGFUSE_SECRET_KEY', 'LANGFUSE_BASE_URL'] as const;

const envSchema = z.object({
  LANGFUSE_PUBLIC_KEY: z.string().min(1),
  LANGFUSE_SECRET_KEY: z.string().min(1),
  LANGFUSE_BASE_URL: z.url({ protocol: /^https?$/, error: 'LANGFUSE_BASE_URL must be an http(s) URL' }),
});

export type LangfuseEnv =
  | { state: 'off' }
  | { state: 'on'; config: LangfuseConfig }
  /** Some of the variables are set, or one is malformed: the message says which. */
  | { state: 'invalid'; message: string };

/** Langfuse is on when all three variables are set; none set means off; anything between is a mistake worth naming. */
export function langfuseEnv(env: Record<string, string | undefined>): LangfuseEnv {
  const given = LANGFUSE_ENV_VARS.filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return { state: 'off' };
  const missing = LANGFUSE_ENV_VARS.filter((name) => !given.includes(name));
  if (missing.length > 0)
    return {
      state: 'invalid',
      message: `Langfuse needs ${LANGFUSE_ENV_VARS.join(', ')}; ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
    };
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) return { state: 'invalid', message: parsed.error.issues.map((i) => i.message).join('; ') };
  return {
    state: 'on',
    config: {
      publicKey: parsed.data.LANGFUSE_PUBLIC_KEY,
      secretKey: parsed.data.LANGFUSE_SECRET_KEY,
      baseUrl: parsed.data.LANGFUSE_BASE_URL.replace(/\/+$/, ''),
    },
  };
}
