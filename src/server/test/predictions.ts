import type { TestApp } from './helpers.ts';
import type { TestMember } from './members.ts';

// Predictions for API tests: published through the real route.

export function submit(t: TestApp, member: TestMember | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/predictions',
    headers: member ? member.headers : {},
    payload,
  });
}

/** Texts the engine scores in a known way (see src/server/scoring). */
export const TEXTS = {
  good: 'By 2030, more than half of new software code will be written with the help of AI assistants.',
  goodNearCopy: 'By 2030 more than half of new software code will be written with the help of AI assistants!',
  politics: 'The ruling party will lose its parliament majority in the general election of 2027.',
  neutral: 'Within five years most people in my town will own a folding bicycle for commuting.',
  abusive: 'You are all idiots and morons, f*** you, this site is garbage',
  machine:
    'As an AI language model, it is important to note that in conclusion the future of technology will be transformative and multifaceted, fostering innovation across diverse landscapes.',
  gibberish: 'asdkjh qwelkj zxcmnb qwpoei lkjasd',
} as const;
