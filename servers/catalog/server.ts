import { fromJsonSchema, McpServer, type CallToolResult, type JsonSchemaType, type McpServerFactory } from '@modelcontextprotocol/server';
import { textResult } from '../common/tool-results.ts';
import type { CatalogFile, CatalogTool } from './catalog-file.ts';

export interface CatalogServerOptions {
  catalog: CatalogFile;
  /** tool name -> description served instead of the file's own (a description version under test). */
  descriptions?: Record<string, string>;
}

/** The answer to a call: the tool's canned result, or a note that says this server only serves descriptions. */
function cannedAnswer(tool: CatalogTool, catalogName: string): CallToolResult {
  if (tool.result === undefined) {
    return textResult(
      `${tool.name} accepted the call. (${catalogName} is a tdo catalogue server: it serves tool descriptions for selection evaluations and has no canned result for this tool.)`,
    );
  }
  return typeof tool.result === 'string' ? textResult(tool.result) : (tool.result as CallToolResult);
}

/**
 * A factory of servers that list the catalogue's tools with their own JSON Schemas (arguments are
 * validated against them, so a wrong call gets the same kind of error a real server would send) and
 * answer every valid call with its canned result.
 */
export function createCatalogServerFactory({ catalog, descriptions = {} }: CatalogServerOptions): McpServerFactory {
  return () => {
    const server = new McpServer({ name: catalog.name, version: catalog.version }, { capabilities: { tools: {} } });
    for (const tool of catalog.tools) {
      server.registerTool(
        tool.name,
        {
          description: descriptions[tool.name] ?? tool.description,
          inputSchema: fromJsonSchema(tool.inputSchema as JsonSchemaType),
          ...(tool.title === undefined ? {} : { title: tool.title }),
        },
        () => cannedAnswer(tool, catalog.name),
      );
    }
    return server;
  };
}
