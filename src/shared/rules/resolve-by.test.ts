import { describe, expect, it } from 'vitest';
import { isCalendarDate, proposeResolveBy } from './resolve-by.ts';

// The resolve-by proposal (issue 26), on a fixed "today": Saturday 28 November 2026.
const today = new Date('2026-11-28T12:00:00Z');
const propose = (text: string) => proposeResolveBy(text, today);

describe('proposeResolveBy', () => {
  it.each([
    ['By 2027 half of new cars sold in Norway will be electric.', '2027-12-31'],
    ['In 2030 the EU will ban new petrol cars.', '2030-12-31'],
    ['Tesla will deliver 2.5 million vehicles in calendar year 2027.', '2027-12-31'],
    ['Before 2028 a crewed mission will orbit the Moon.', '2027-12-31'],
    ['Before the end of 2028 SpaceX will land on Mars.', '2028-12-31'],
    ['By the end of 2029 fusion will power a city.', '2029-12-31'],
    ['By March 2027 US inflation will be under 2%.', '2027-03-31'],
    ['Before March 2027 the Fed will cut rates twice.', '2027-02-28'],
    ['On 15 June 2027 the new bridge will open.', '2027-06-15'],
    ['The launch happens on December 31, 2027 at the latest.', '2027-12-31'],
    ['The treaty is signed by 2028-06-30.', '2028-06-30'],
    ['By Q3 2027 the ECB will cut rates.', '2027-09-30'],
    ['By mid-2028 copper will cost $12,000 a tonne.', '2028-06-30'],
    ['In the first half of 2028 Apple ships AR glasses.', '2028-06-30'],
    ['Within 18 months rents in Lisbon will fall by 10%.', '2028-05-28'],
    ['Within two years most phones will ship with satellite texting.', '2028-11-28'],
    ['In the next 5 years robotaxis will run in ten European cities.', '2031-11-28'],
    ['Within 6 weeks the strike will end.', '2027-01-09'],
    ['Next year the euro will trade above 1.30 dollars.', '2027-12-31'],
    ['Arsenal will win the league next season.', '2028-06-30'],
    ['This season Napoli finishes in the top four.', '2027-06-30'],
    ['By the end of the decade fusion will deliver power to a grid.', '2029-12-31'],
    ['Over the next decade solar will be the biggest source of power.', '2036-11-28'],
    ['Bis 2030 wird Deutschland aus der Kohle aussteigen.', '2030-12-31'],
    ["D'ici 2030 la France aura 10 réacteurs de plus.", '2030-12-31'],
    ['Para 2030 España tendrá 50 GW de solar.', '2030-12-31'],
    ['Entro il 2029 Milano avrà la metro 5 estesa.', '2029-12-31'],
    ['К 2030 году Россия удвоит экспорт зерна.', '2030-12-31'],
    ['到2030年中国的电动车将占新车销量的一半。', '2030-12-31'],
    ['18个月内房价将下跌。', '2028-05-28'],
    ['تا ۲۰۳۰ نیمی از خودروهای جدید برقی خواهند بود.', '2030-12-31'],
    ['Dans 18 mois le prix du pain aura doublé.', '2028-05-28'],
    ['In 2 Jahren fährt die U5 durch.', '2028-11-28'],
    ["L'année prochaine l'inflation baissera.", '2027-12-31'],
    ['next winter is gonna be brutal in Chicago', '2027-02-28'],
    ['اینترنت ایران سال دیگه از اینم کندتر میشه', '2027-12-31'],
  ])('%s → %s', (text, expected) => {
    expect(propose(text)).toBe(expected);
  });

  it.each([
    'Prices will fall a lot, eventually.',
    'Electric cars will be popular.',
    'In 2019 things were different.',
    'By 2101 we will live on Mars.',
    'The plant will make 2030 units a month.',
    'It will cost 2050 euros.',
  ])('proposes nothing for %s', (text) => {
    expect(propose(text)).toBeNull();
  });

  it('takes the phrase that comes first, and skips dates already past', () => {
    expect(propose('By 2027 the first phase opens and by 2030 the second.')).toBe('2027-12-31');
    expect(propose('Unlike in 2025, by 2029 turnout will pass 60%.')).toBe('2029-12-31');
  });

  it('handles a season whose end is in the same calendar year', () => {
    expect(proposeResolveBy('Next season Celtic wins again.', new Date('2027-03-01T00:00:00Z'))).toBe(
      '2028-06-30',
    );
  });

  it('knows a calendar day from a malformed one', () => {
    expect(isCalendarDate('2027-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-2-28')).toBe(false);
    expect(isCalendarDate('28/02/2027')).toBe(false);
  });
});
