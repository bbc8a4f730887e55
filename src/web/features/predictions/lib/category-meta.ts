/** Doughnut and bar colours: Okabe–Ito, distinguishable with the common colour-vision deficiencies. */
export const CHART_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
  '#999999',
] as const;
