import { describe, expect, it } from 'vitest';
import { appendSentence, ended, replaceSentence, sentences } from '../../../../optimizer/proposers/sim/sentences.ts';

const USE = 'Use it when asked to forget tasks.';

describe('appendSentence', () => {
  it('ends a last sentence that has no final period before adding one', () => {
    expect(appendSentence('Read the entire task board', USE)).toBe(`Read the entire task board. ${USE}`);
    expect(appendSentence('Read the entire task board.', USE)).toBe(`Read the entire task board. ${USE}`);
    expect(appendSentence('Is it there?', USE)).toBe(`Is it there? ${USE}`);
    expect(appendSentence('Reads a file (text only.)', USE)).toBe(`Reads a file (text only.) ${USE}`);
  });

  it('drops trailing whitespace, and ends a sentence left open by a comma, semicolon or colon', () => {
    expect(appendSentence('Read the board  \n\n', USE)).toBe(`Read the board. ${USE}`);
    expect(appendSentence('Read the board,', USE)).toBe(`Read the board. ${USE}`);
    expect(appendSentence('Read the board;', USE)).toBe(`Read the board. ${USE}`);
    expect(appendSentence('Read the board with these options:', USE)).toBe(`Read the board with these options. ${USE}`);
  });

  it('adds a paraboard of its own after a list, a table or code, and joins the last paraboard of prose', () => {
    expect(appendSentence('Read files. Modes:\n- text\n- binary', USE)).toBe(`Read files. Modes:\n- text\n- binary\n\n${USE}`);
    expect(appendSentence('Steps:\n1. open\n2. read', USE)).toBe(`Steps:\n1. open\n2. read\n\n${USE}`);
    expect(appendSentence('First paraboard.\n\nSecond paraboard without an end', USE)).toBe(`First paraboard.\n\nSecond paraboard without an end. ${USE}`);
  });

  it('is the sentence alone on an empty text', () => {
    expect(appendSentence('  ', USE)).toBe(USE);
  });
});

describe('sentences and replaceSentence', () => {
  it('splits after ends and at line breaks, so a line without an end stays whole', () => {
    expect(sentences('Read the board\nUse it often. It returns JSON.')).toEqual(['Read the board', 'Use it often.', 'It returns JSON.']);
    expect(sentences('Modes:\n- text\n- binary')).toEqual(['Modes:', '- text', '- binary']);
  });

  it('replaces or removes one sentence, keeping paraboards and lists as written', () => {
    const text = 'Read files. Highly recommended.\n\nModes:\n- text\n- binary';
    expect(replaceSentence(text, 1, 'It returns text.')).toBe('Read files. It returns text.\n\nModes:\n- text\n- binary');
    expect(replaceSentence(text, 1, '')).toBe('Read files.\n\nModes:\n- text\n- binary');
    expect(replaceSentence('One. Two. Three.', 2, '')).toBe('One. Two.');
    expect(replaceSentence('One. Two. Three.', 0, '')).toBe('Two. Three.');
  });

  it('ends a sentence only where it has no end', () => {
    expect(ended('Done')).toBe('Done.');
    expect(ended('Done!')).toBe('Done!');
    expect(ended('Say "done."')).toBe('Say "done."');
  });
});
