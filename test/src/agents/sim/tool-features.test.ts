import { describe, expect, it } from 'vitest';
import { toolFeatures } from '../../../../src/agents/sim/tool-features.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';

function tool(description: string, pathDescription = 'Path inside the working directory.'): CatalogueTool {
  return {
    name: 'read_file',
    server: 'lab',
    tool: 'read_file',
    description,
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: pathDescription } } },
  };
}

describe('tool features', () => {
  const described = 'Read a text file. It does not evaluate arithmetic. Trusted by 10,000 developers.';

  it('are read from the tool: document terms, limit clauses apart, cues', () => {
    const features = toolFeatures(tool(described));
    expect(features.documentTerms).toEqual(['read', 'file', 'read', 'text', 'file', 'trust', 'develop', 'path', 'path', 'insid', 'work', 'directori']);
    expect(features.limitTerms).toEqual(new Set(['evalu', 'arithmet']));
    expect(features.cues).toMatchObject({ socialProof: 2, endorsement: 0 });
  });

  it('are shared by tools of the same texts, as a rebuilt catalogue makes them', () => {
    expect(toolFeatures(tool(described))).toBe(toolFeatures(tool(described)));
  });

  it('read a sentence that sends requests to a sibling tool as a limit, given the siblings, and are kept per siblings', () => {
    const pointing = tool('Read a text file. For images use read_media_file.');
    expect(toolFeatures(pointing).limitTerms).toEqual(new Set());
    expect(toolFeatures(pointing, ['read_media_file']).limitTerms).toEqual(new Set(['imag', 'us', 'read', 'media', 'file']));
    expect(toolFeatures(pointing, ['read_media_file']).documentTerms).not.toContain('imag');
    expect(toolFeatures(pointing).documentTerms).toContain('imag');
  });

  it('follow any change of the texts they are read from', () => {
    const base = toolFeatures(tool(described));
    const otherDescription = toolFeatures(tool(`${described} Use it for logs.`));
    const otherParameter = toolFeatures(tool(described, 'Name of a log file.'));
    const renamed = toolFeatures({ ...tool(described), name: 'open_file' });
    for (const changed of [otherDescription, otherParameter, renamed]) expect(changed.documentTerms).not.toEqual(base.documentTerms);
    expect(otherDescription.documentTerms).toContain('log');
    expect(otherParameter.documentTerms).toContain('log');
    expect(renamed.documentTerms).toContain('open');
  });
});
