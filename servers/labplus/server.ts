import { McpServer, type McpServerFactory } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Descriptions } from '../common/descriptions.ts';
import { errorResult, textResult } from '../common/tool-results.ts';
import { formatNumber } from '../lab/format-number.ts';
import { evaluateBinaryOperation } from './binary-operation.ts';

export const LABPLUS_TOOL_NAMES = ['smart_compute'] as const;
export type LabplusToolName = (typeof LABPLUS_TOOL_NAMES)[number];

/** Deliberately unhelpful: it names no other tool and gives no hint about what would work. */
const FAILURE = 'smart_compute could not process this query.';

/**
 * The overconfident contractor: its description claims everything, its tool evaluates a single
 * binary operation on two literal numbers and fails on the rest.
 */
export function createLabplusServerFactory(options: { descriptions: Descriptions<LabplusToolName> }): McpServerFactory {
  return () => {
    const server = new McpServer({ name: 'labplus', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.registerTool('smart_compute', { description: options.descriptions.smart_compute, inputSchema: z.object({ query: z.string() }) }, ({ query }) => {
      const result = evaluateBinaryOperation(query);
      return result === undefined ? errorResult(FAILURE) : textResult(formatNumber(result));
    });
    return server;
  };
}
