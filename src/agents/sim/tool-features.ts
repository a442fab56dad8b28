import type { CatalogueTool } from '../../host/catalogue-types.ts';
import { countCues, type CueCounts } from './cues.ts';
import { splitLimitClauses } from './limits.ts';
import { terms } from './text.ts';

/** What sim reads from one tool, independent of any intent. */
export interface ToolFeatures {
  /** Terms of name words + description (limit clauses cut out) + parameter names and descriptions. */
  documentTerms: string[];
  /** The same terms as a set: what the tool says it does. */
  positiveTerms: Set<string>;
  /** Terms of the description's limit clauses. */
  limitTerms: Set<string>;
  cues: CueCounts;
}

export function toolFeatures(tool: CatalogueTool): ToolFeatures {
  const { limits, rest } = splitLimitClauses(tool.description);
  const parameters = Object.entries(tool.inputSchema.properties ?? {}).flatMap(([name, schema]) => [
    name,
    typeof schema.description === 'string' ? schema.description : '',
  ]);
  const documentTerms = terms([tool.name, rest, ...parameters].join('\n'));
  return {
    documentTerms,
    positiveTerms: new Set(documentTerms),
    limitTerms: new Set(terms(limits.join('\n'))),
    cues: countCues(rest),
  };
}
