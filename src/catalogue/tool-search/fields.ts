import type { CatalogueTool } from '../catalogue-types.ts';

/** What a tool search reads of a tool, as the published tool search indexes it: name, description, argument names and their descriptions. */
export interface SearchFields {
  name: string;
  description: string;
  argumentNames: string[];
  argumentDescriptions: string[];
}

/** The fields of a catalogue tool; arguments are the top-level properties of its input schema. */
export function searchFields(tool: CatalogueTool): SearchFields {
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  return {
    name: tool.name,
    description: tool.description,
    argumentNames: properties.map(([name]) => name),
    argumentDescriptions: properties.flatMap(([, schema]) => (typeof schema.description === 'string' && schema.description !== '' ? [schema.description] : [])),
  };
}
