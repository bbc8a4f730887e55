import { describe, expect, it } from 'vitest';
import { cardText } from './card-text';

// The server's title is the text's first sentence without its end mark, cut at 90 characters with '…'.
describe('cardText: a community card says a prediction once', () => {
  it('a cut title gives way to the whole text', () => {
    const text =
      'By 2031 the Nordic grid operators will have connected more than forty gigawatts of offshore wind turbines to the mainland network.';
    const title = 'By 2031 the Nordic grid operators will have connected more than forty gigawatts of…';
    expect(cardText(title, text)).toEqual({ heading: text, body: '' });
  });

  it('a whole first sentence heads the rest of the text', () => {
    const text = 'Oslo will ban petrol cars by 2028. The city council already voted for it twice.';
    expect(cardText('Oslo will ban petrol cars by 2028', text)).toEqual({
      heading: 'Oslo will ban petrol cars by 2028.',
      body: 'The city council already voted for it twice.',
    });
  });

  it('a one-sentence prediction is its own heading', () => {
    expect(cardText('Oslo will ban petrol cars by 2028', 'Oslo will ban petrol cars by 2028.')).toEqual({
      heading: 'Oslo will ban petrol cars by 2028.',
      body: '',
    });
  });

  it('compares as the server cut: whitespace runs count as one space', () => {
    const text = 'Oslo  will ban\npetrol cars by 2028. More to come.';
    expect(cardText('Oslo will ban petrol cars by 2028', text).body).toBe('More to come.');
  });

  it('a title that is not the text (the fallback examples) heads the whole text', () => {
    expect(
      cardText('Half of new cars will be electric', 'By 2030, most new cars in the EU will be electric.'),
    ).toEqual({
      heading: 'Half of new cars will be electric',
      body: 'By 2030, most new cars in the EU will be electric.',
    });
  });
});
