import { describe, expect, it } from 'vitest';
import { shareablePath } from '../../../src/files/shareable-path.ts';

describe('shareablePath', () => {
  it('keeps a path inside the working directory relative to it, and names only the file of any other', () => {
    expect(shareablePath('/home/ana/project/traces/tdo.db', '/home/ana/project')).toBe('traces/tdo.db');
    expect(shareablePath('/home/ana/Downloads/edit.json', '/home/ana/project')).toBe('edit.json');
    expect(shareablePath('/home/ana/project-old/x.json', '/home/ana/project')).toBe('x.json');
  });
});
