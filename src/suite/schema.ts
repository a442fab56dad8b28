import * as z from 'zod';

/** A server the suite connects to: spawned over stdio, or reached at a Streamable HTTP URL. */
export const stdioServerSchema = z.object({
  name: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'server names use letters, digits, _ and -'),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
});
export const httpServerSchema = z.object({
  name: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'server names use letters, digits, _ and -'),
  url: z.url(),
  headers: z.record(z.string(), z.string()).default({}),
});
export const serverSpecSchema = z.union([stdioServerSchema, httpServerSchema]);

/**
 * One step of a task's reference plan. The sim agent chooses a tool from `intent` alone;
 * `args` are mapped onto the chosen tool's schema only after the choice; `tools` are the
 * correct labels, used for scoring and feedback only ("tool" or "server/tool").
 */
export const planStepSchema = z.object({
  intent: z.string().min(1),
  args: z.record(z.string(), z.unknown()).default({}),
  tools: z.array(z.string().min(1)).min(1),
});

export const answerCheckSchema = z.object({
  kind: z.literal('answer'),
  /** A number is compared with `tolerance` (absolute); a string must appear in the answer, case-insensitively. */
  expected: z.union([z.number(), z.string().min(1)]),
  tolerance: z.number().nonnegative().default(1e-6),
});
export const checkSchema = z.discriminatedUnion('kind', [answerCheckSchema]);

export const taskSchema = z.object({
  id: z.string().min(1),
  split: z.enum(['train', 'val', 'test']),
  prompt: z.string().min(1),
  plan: z.array(planStepSchema).min(1),
  check: checkSchema,
  tags: z.array(z.string()).default([]),
});

export const suiteSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().default(''),
    systemPrompt: z.string().min(1),
    servers: z.array(serverSpecSchema).min(1),
    /** The server whose selection rate is reported (and, later, optimized). */
    target: z.string().optional(),
    tasks: z.array(taskSchema).min(1),
  })
  .superRefine((suite, ctx) => {
    const serverNames = new Set<string>();
    for (const [i, s] of suite.servers.entries()) {
      if (serverNames.has(s.name)) ctx.addIssue({ code: 'custom', path: ['servers', i, 'name'], message: `duplicate server name "${s.name}"` });
      serverNames.add(s.name);
    }
    if (suite.target !== undefined && !serverNames.has(suite.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `target "${suite.target}" is not one of the suite's servers` });
    }
    const ids = new Set<string>();
    for (const [i, t] of suite.tasks.entries()) {
      if (ids.has(t.id)) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `duplicate task id "${t.id}"` });
      ids.add(t.id);
    }
  });

export type ServerSpec = z.infer<typeof serverSpecSchema>;
export type StdioServerSpec = z.infer<typeof stdioServerSchema>;
export type HttpServerSpec = z.infer<typeof httpServerSchema>;
export type PlanStep = z.infer<typeof planStepSchema>;
export type Check = z.infer<typeof checkSchema>;
export type Task = z.infer<typeof taskSchema>;
export type Suite = z.infer<typeof suiteSchema>;
export type Split = Task['split'];
