import type { Catalogue, CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';

function tool(name: string, description: string, args: Record<string, string | undefined>): CatalogueTool {
  const properties = Object.fromEntries(
    Object.entries(args).map(([arg, text]) => [arg, { type: 'string', ...(text === undefined ? {} : { description: text }) }]),
  );
  return { name, server: 'files', tool: name, description, inputSchema: { type: 'object', properties } };
}

/**
 * The tiny catalogue the tool-search tests compute by hand. Its BM25 documents (src/text/words.ts: identifier
 * words, no stop words, Porter stems) are:
 *   read_file  [read, file | read, file | path | file, path]                                   length 7
 *   write_file [write, file | write, text, file | path | text | file, path | text, write]      length 11
 *   calculator [calcul | evalu, arithmet, express | express]                                   length 5
 * so the average length is 23/3.
 */
export const TINY: Catalogue = {
  tools: [
    tool('read_file', 'Read a file.', { path: 'File path.' }),
    tool('write_file', 'Write text to a file.', { path: 'File path.', text: 'Text to write.' }),
    tool('calculator', 'Evaluate an arithmetic expression.', { expression: undefined }),
  ],
};
