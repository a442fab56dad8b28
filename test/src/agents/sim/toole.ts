/**
 * Loader and catalogues for the ToolE development split in test/fixtures/tool-selection-paraphrase
 * (Huang et al., ICLR 2024, MIT; see its README): real user queries worded unlike the tool descriptions.
 * Shared by the calibration test and by fit-params.ts.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { readToolE, type ToolEQuery } from '../../../../experiments/shipped/catalogs/toole-catalogue.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';

const FIXTURES = new URL('../../../fixtures/tool-selection-paraphrase/', import.meta.url);

/** One catalogue: its tools in listed order, and every query whose correct tool it lists. */
export interface ToolECatalogue {
  tools: CatalogueTool[];
  queries: ToolEQuery[];
}

function loadToolE(): { tools: CatalogueTool[]; queries: ToolEQuery[] } {
  const { tools, queries } = readToolE(FIXTURES);
  return {
    tools: tools.map(({ name, description }): CatalogueTool => ({
      name,
      server: 'toole',
      tool: name,
      description,
      inputSchema: { type: 'object', properties: {} },
    })),
    queries,
  };
}

/**
 * `count` catalogues of `size` tools each, drawn without replacement from the 31 (a seeded Fisher-Yates
 * shuffle per catalogue, which also sets the listed order). Each catalogue is scored on every query whose
 * correct tool it lists, so each query faces its correct tool and size - 1 others.
 */
export function toolECatalogues(seed: number, count: number, size: number): ToolECatalogue[] {
  const { tools, queries } = loadToolE();
  return Array.from({ length: count }, (_, k) => {
    const rng = stepRng(seed, k);
    const order = [...tools];
    for (let i = order.length - 1; i > 0; i--) {
      const j = uniformInt(rng, 0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const chosen = order.slice(0, size);
    const names = new Set(chosen.map((t) => t.name));
    return { tools: chosen, queries: queries.filter((q) => names.has(q.tool)) };
  });
}
