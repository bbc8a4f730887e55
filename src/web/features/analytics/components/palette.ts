import type { QualityTierLabel } from '#shared/schemas/analytics.ts';

// Okabe–Ito: eight colours told apart with every common colour-vision deficiency. Charts also
// differ by shape or dash where two series share a plot, and every chart has a data table.
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  green: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  purple: '#CC79A7',
  grey: '#7F7F7F',
} as const;

const SERIES = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.green,
  OKABE_ITO.vermillion,
  OKABE_ITO.skyBlue,
  OKABE_ITO.purple,
  OKABE_ITO.yellow,
  OKABE_ITO.grey,
];

export const seriesColor = (i: number): string => SERIES[i % SERIES.length] as string;

export const TIER_COLORS: Record<QualityTierLabel, string> = {
  'High Quality': OKABE_ITO.green,
  'Good Quality': OKABE_ITO.blue,
  'Fair Quality': OKABE_ITO.orange,
  'Needs Improvement': OKABE_ITO.vermillion,
};

/** Point shapes per tier in the scatter, so tiers differ by more than colour. */
export const TIER_POINTS: Record<QualityTierLabel, 'circle' | 'rect' | 'triangle' | 'crossRot'> = {
  'High Quality': 'circle',
  'Good Quality': 'rect',
  'Fair Quality': 'triangle',
  'Needs Improvement': 'crossRot',
};
