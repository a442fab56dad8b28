import * as z from 'zod';
import { readJsonFile } from '../common/json-file.ts';
import { StartupError } from '../common/startup-error.ts';

const contentBlock = z.looseObject({ type: z.string().min(1) });

/** What a call answers: a text, or a full tool result as a server would send it. */
const cannedResult = z.union([
  z.string(),
  z.strictObject({ content: z.array(contentBlock).min(1), isError: z.boolean().optional(), structuredContent: z.record(z.string(), z.unknown()).optional() }),
]);

const catalogTool = z.object({
  name: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.\-/]+$/, 'tool names use letters, digits, _ . - and /'),
  description: z.string().refine((text) => text.trim().length > 0, 'must be a non-empty description'),
  inputSchema: z.looseObject({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()).optional(), required: z.array(z.string()).optional() }),
  title: z.string().optional(),
  result: cannedResult.optional(),
});

/**
 * A catalogue file: the tools of a server someone cannot (or will not) run. The shape of a `tools/list`
 * answer (what `mcp-inspector-cli --method tools/list` prints), plus an optional canned `result` per tool.
 */
export const catalogFileSchema = z
  .object({
    name: z.string().min(1).default('catalog'),
    version: z.string().min(1).default('1.0.0'),
    tools: z.array(catalogTool).min(1, 'a catalogue needs at least one tool'),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    for (const [i, tool] of file.tools.entries()) {
      if (seen.has(tool.name)) ctx.addIssue({ code: 'custom', path: ['tools', i, 'name'], message: `duplicate tool name "${tool.name}"` });
      seen.add(tool.name);
    }
  });

export type CatalogFile = z.infer<typeof catalogFileSchema>;
export type CatalogTool = CatalogFile['tools'][number];

/** Reads and checks a catalogue file; every problem names the field it is in. */
export async function loadCatalogFile(file: string): Promise<CatalogFile> {
  const raw = await readJsonFile(file, 'catalogue file');
  const parsed = catalogFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
    throw new StartupError(
      `catalogue file ${file} is invalid:\n${problems}\nExpected {"tools": [{"name", "description", "inputSchema": {"type": "object", ...}, "result"?}]}.`,
    );
  }
  return parsed.data;
}
