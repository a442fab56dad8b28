// `stopword` 3.x ships no type declarations; this covers the exports words.ts uses.
declare module 'stopword' {
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
  export const eng: string[];
}
