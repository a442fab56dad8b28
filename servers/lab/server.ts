import { McpServer, type McpServerFactory } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Descriptions } from '../common/descriptions.ts';
import { errorResult, textResult } from '../common/tool-results.ts';
import { CalculatorError, evaluateExpression } from './calculator.ts';
import { formatNumber } from './format-number.ts';
import { WorkspaceFileError } from './path-guard.ts';
import { readWorkspaceTextFile } from './read-workspace-file.ts';
import { convertUnits, UnitConversionError } from './units.ts';

/** The lab's tool names: a fixed contract that suites and checkers rely on. */
export const LAB_TOOL_NAMES = ['calculator', 'read_file', 'unit_convert'] as const;
export type LabToolName = (typeof LAB_TOOL_NAMES)[number];

export interface LabServerOptions {
  /** The only directory read_file may read from. */
  workspaceDir: string;
  descriptions: Descriptions<LabToolName>;
}

/** Turns the tool modules' own errors into isError answers; anything else is a bug and propagates. */
async function answer(run: () => string | Promise<string>) {
  try {
    return textResult(await run());
  } catch (error) {
    if (error instanceof CalculatorError || error instanceof WorkspaceFileError || error instanceof UnitConversionError) {
      return errorResult(error.message);
    }
    throw error;
  }
}

/** A factory of fresh, stateless lab servers (one per HTTP request or stdio connection). */
export function createLabServerFactory(options: LabServerOptions): McpServerFactory {
  const { workspaceDir, descriptions } = options;
  return () => {
    const server = new McpServer({ name: 'lab', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.registerTool('calculator', { description: descriptions.calculator, inputSchema: z.object({ expression: z.string() }) }, ({ expression }) =>
      answer(() => formatNumber(evaluateExpression(expression))),
    );
    server.registerTool('read_file', { description: descriptions.read_file, inputSchema: z.object({ path: z.string() }) }, ({ path }) =>
      answer(() => readWorkspaceTextFile(workspaceDir, path)),
    );
    server.registerTool(
      'unit_convert',
      { description: descriptions.unit_convert, inputSchema: z.object({ value: z.number(), from: z.string(), to: z.string() }) },
      ({ value, from, to }) =>
        answer(() => {
          const converted = convertUnits(value, from, to);
          return `${formatNumber(converted.value)} ${converted.unit}`;
        }),
    );
    return server;
  };
}
