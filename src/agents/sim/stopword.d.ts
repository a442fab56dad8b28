// `stopword` 3.x ships no type declarations; this covers the two exports sim uses.
declare module 'stopword' {
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
  export const eng: string[];
}
