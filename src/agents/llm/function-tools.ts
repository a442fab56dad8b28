import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { CatalogueTool, JsonSchema } from '../../catalogue/catalogue-types.ts';
import type { SearchToolDefinition } from '../../catalogue/tool-search/search-tool.ts';

/** A catalogue tool (or the host's search tool) as an OpenAI function, under its catalogue name. */
export function toFunctionTool(tool: CatalogueTool | SearchToolDefinition): ChatCompletionFunctionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: toFunctionParameters(tool.inputSchema) },
  };
}

/**
 * OpenAI accepts only an object schema with properties for function parameters, and some
 * compatible servers reject the `$schema` keyword that MCP servers often include.
 */
export function toFunctionParameters(inputSchema: JsonSchema): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = inputSchema;
  return { ...rest, type: 'object', properties: rest.properties ?? {} };
}
