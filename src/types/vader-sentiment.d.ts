// vader-sentiment ships no types; this covers the one call the scoring engine makes.
declare module 'vader-sentiment' {
  export interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    compound: number;
  }
  const vader: {
    SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores };
  };
  export default vader;
}
