import { describe, expect, it } from 'vitest';
import {
  compareTexts,
  DUPLICATE_THRESHOLD,
  estimateSimilarity,
  exactKey,
  findDuplicate,
  isNearDuplicate,
  LSH,
  normalizeForDuplicate,
  signature,
} from './near-duplicate.ts';

describe('normalizeForDuplicate', () => {
  it('ignores case, punctuation, spacing, emoji and lead-ins', () => {
    expect(normalizeForDuplicate('I predict that  Brazil will WIN the 2030 World Cup!!! 🏆')).toBe(
      normalizeForDuplicate('Brazil will win the 2030 World Cup.'),
    );
  });

  it('reads number words, thousands separators and percent signs alike', () => {
    expect(normalizeForDuplicate('three hundred fifty million users, 25 percent, $150,000')).toBe(
      normalizeForDuplicate('350 million users, 25%, $150000'),
    );
  });

  it('folds Persian and Arabic letter forms, digits and the zero-width non-joiner', () => {
    expect(normalizeForDuplicate('قیمت مسکن در ایران می‌رسد ۱۴۰۶')).toBe(
      normalizeForDuplicate('قيمت مسكن در ايران میرسد 1406'),
    );
  });
});

describe('signature', () => {
  it('is deterministic and has the documented shape', () => {
    const a = signature('Bitcoin will trade above $150,000 before the end of 2027.');
    expect(a).toEqual(signature('Bitcoin will trade above $150,000 before the end of 2027.'));
    expect(a.minhash).toHaveLength(LSH.hashes);
    expect(a.bands).toHaveLength(LSH.bands);
    expect(new Set(a.bands).size).toBe(LSH.bands);
  });

  it('lets near-duplicates share a band and estimates their similarity', () => {
    const a = signature('Tesla will deliver more than 2.5 million vehicles worldwide in 2027.');
    const b = signature('tesla will deliver more than 2.5 million vehicles worldwide in 2027!!');
    expect(a.bands.some((band) => b.bands.includes(band))).toBe(true);
    expect(estimateSimilarity(a, b)).toBeGreaterThan(0.9);
    const c = signature('Argentina will host a referendum on dollarisation before the 2029 election.');
    expect(estimateSimilarity(a, c)).toBeLessThan(0.2);
  });
});

describe('isNearDuplicate', () => {
  it.each([
    ['Apple will release a foldable iPhone in 2028.', 'Apple will relase a foldable iPhone in 2028.'],
    [
      'Real Madrid will win the 2027 Champions League final.',
      'I think Real Madrid will win the 2027 Champions League final.',
    ],
    [
      'Tesla will launch robotaxis in five US cities next year.',
      'Tesla will launch robotaxis in 5 US cities next year.',
    ],
    ['到2030年，中国电动汽车将占新车销量的70%以上。', '到2030年中国电动汽车将占新车销量的70%以上'],
  ])('calls "%s" and "%s" duplicates', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    ['Tesla will deliver 2.5 million vehicles in 2027.', 'Tesla will deliver 2.5 million vehicles in 2028.'],
    ['The Federal Reserve will cut rates in 2027.', 'The Federal Reserve will raise rates in 2027.'],
    [
      'Inflation in the UK will fall below 2% in 2027.',
      'Inflation in the UK will not fall below 2% in 2027.',
    ],
    ['Amazon will deliver 10% of US parcels by drone.', 'Amazon will deliver 10% of UK parcels by drone.'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    const check = compareTexts(a, b);
    expect(check.duplicate).toBe(false);
    expect(check.similarity).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
    expect(check.conflict).not.toBeNull();
  });

  it('matches exact normalised copies through the exact key', () => {
    expect(exactKey('Oil will average under $60 in 2027.')).toBe(
      exactKey('OIL WILL AVERAGE UNDER $60 IN 2027'),
    );
    expect(exactKey('Oil will average under $60 in 2027.')).not.toBe(
      exactKey('Oil will average under $70 in 2027.'),
    );
  });
});

describe('findDuplicate', () => {
  it('returns the closest duplicate among the candidates', () => {
    const found = findDuplicate('Brazil will win the 2030 FIFA World Cup.', [
      { id: 1, text: 'Argentina will win the 2030 FIFA World Cup.' },
      { id: 2, text: 'Brazil will win the 2030 FIFA World Cup 🏆' },
    ]);
    expect(found?.id).toBe(2);
    expect(
      findDuplicate('Brazil will win the 2030 FIFA World Cup.', [{ id: 1, text: 'Spain will host it.' }]),
    ).toBeNull();
  });
});

describe('numbers written differently', () => {
  it('reads scale suffixes and grouping points as the same number', () => {
    expect(
      compareTexts('Tesla stock will hit $1k in 2027', 'Tesla stock will hit $1,000 in 2027.').duplicate,
    ).toBe(true);
    expect(
      compareTexts(
        'Global EV sales will exceed 25 million units in 2028.',
        'Global EV sales will exceed 25M units in 2028.',
      ).duplicate,
    ).toBe(true);
    expect(
      compareTexts(
        'Der DAX wird Ende 2027 über 30.000 Punkten stehen.',
        'der DAX wird ende 2027 über 30000 punkten stehen',
      ).duplicate,
    ).toBe(true);
    expect(
      compareTexts('Tesla stock will hit $1k in 2027', 'Tesla stock will hit $2k in 2027').duplicate,
    ).toBe(false);
  });
});

describe('number formats, scripts and compounds', () => {
  it.each([
    ['Amazon will be worth $3 trillion by 2028.', 'amazon will be worth 3T USD by 2028'],
    ['The population will reach 2.5 million by 2030.', 'The population will reach 2,500,000 by 2030.'],
    ['Inflation will fall below 2% by mid-2028.', 'inflation will fall below 2% by mid 2028'],
    ['The Fed will cut rates in Sept 2027.', 'The Fed will cut rates in September 2027.'],
    ['Health care spending will double by 2035.', 'Healthcare spending will double by 2035.'],
    ['Prognose: Der DAX steigt 2027 über 25.000 Punkte.', 'Der DAX steigt 2027 über 25000 Punkte.'],
    ['বাংলাদেশ ২০৩০ সালের মধ্যে মধ্যম আয়ের দেশ হবে।', 'বাংলাদেশ 2030 সালের মধ্যে মধ্যম আয়ের দেশ হবে।'],
    ['삼성전자 주가는 2027년에 10만원을 넘을 것이다.', '삼성전자 주가는 2027년에 100000원을 넘을 것이다.'],
  ])('calls "%s" and "%s" duplicates', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    ['Amazon will be worth $3 trillion by 2028.', 'Amazon will be worth $4 trillion by 2028.'],
    ['The population will reach 2.5 million by 2030.', 'The population will reach 2,600,000 by 2030.'],
    ['The Fed will cut rates in Sept 2027.', 'The Fed will cut rates in October 2027.'],
    // CJK words differ by one character: '넘을' (exceed) and '밑돌' (fall short).
    ['삼성전자 주가는 2027년에 10만원을 넘을 것이다.', '삼성전자 주가는 2027년에 10만원을 밑돌 것이다.'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });
});

describe('negation, grouped thousands and lead-ins', () => {
  it.each([
    [
      'México tendrá 10.000 estaciones de carga en 2028.',
      'En 2028, México tendrá 10 000 estaciones de carga.',
    ],
    [
      'Die EZB senkt den Leitzins 2027 auf 1,5 %.',
      'Ich sage voraus: Die EZB senkt den Leitzins 2027 auf 1,5 %.',
    ],
    ['My hot take: Bitcoin will hit $200k by 2027.', 'Bitcoin will hit $200k by 2027'],
    ['Mi pronóstico: el Real Madrid ganará la Liga 2027.', 'El Real Madrid ganará la Liga 2027'],
  ])('calls "%s" and "%s" duplicates', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    ["L'Italia si qualificherà ai Mondiali del 2030.", "L'Italia non si qualificherà ai Mondiali del 2030."],
    ['O Brasil vai ganhar a Copa de 2030.', 'O Brasil não vai ganhar a Copa de 2030.'],
    // A subject before a colon is not a lead-in.
    ['Bitcoin: $200k by the end of 2027.', 'Ethereum: $200k by the end of 2027.'],
    ['My prediction for Bitcoin: $200k by 2027.', 'My prediction for Ethereum: $200k by 2027.'],
    [
      'México tendrá 10 000 estaciones de carga en 2028.',
      'México tendrá 10 500 estaciones de carga en 2028.',
    ],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });
});

describe('accents and swapped letters', () => {
  it.each([
    ['La inflación bajará al 2% en España en 2027.', 'la inflacion bajara al 2% en espana en 2027'],
    ['Sweden will host the Winter Olympics in 2030.', 'Sweden will host the Winter Olmypics in 2030.'],
  ])('calls "%s" and "%s" duplicates', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    ['Iceland will join the EU by 2030.', 'Ireland will join the EU by 2030.'],
    ['Gambia will host the African Cup in 2029.', 'Zambia will host the African Cup in 2029.'],
    ['Inflation will increase in 2027.', 'Inflation will decrease in 2027.'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });
});

describe('hashtags around a claim', () => {
  it('calls a claim with hashtags before and after it a duplicate of the bare claim', () => {
    expect(
      isNearDuplicate(
        'The ECB will cut rates twice in 2027.',
        '#ECB2027 The ECB will cut rates twice in 2027. #rates #europe',
      ),
    ).toBe(true);
  });

  it('still reads a number inside the sentence', () => {
    expect(
      isNearDuplicate('The ECB will cut rates twice in 2027.', 'The ECB will cut rates twice in #2028.'),
    ).toBe(false);
  });
});

describe('letters, labels, number words, moved time phrases, short typos', () => {
  it.each([
    // Turkish dotless ı and other letters no accent-folding reaches.
    ["Beşiktaş 2028'de Süper Lig'i kazanacak.", 'Besiktas 2028de Super Ligi kazanacak'],
    ['Łódź otworzy nowe lotnisko w 2029 roku.', 'Lodz otworzy nowe lotnisko w 2029 roku.'],
    // 'My prediction:' in Hindi.
    ['मेरी भविष्यवाणी: 2029 तक दिल्ली में मेट्रो की पाँचवीं लाइन खुलेगी।', '2029 तक दिल्ली में मेट्रो की पाँचवीं लाइन खुलेगी।'],
    // Number words before a scale or percent word, Persian and Spanish.
    ['جمعیت تهران تا ۱۴۱۰ به ده میلیون نفر می‌رسد', 'جمعیت تهران تا ۱۴۱۰ به ۱۰,۰۰۰,۰۰۰ نفر می‌رسد'],
    [
      'نرخ بیکاری تا ۱۴۰۷ به دوازده درصد نمی‌رسد ولی به ده درصد می‌رسد',
      'نرخ بیکاری تا ۱۴۰۷ به دوازده درصد نمی‌رسد ولی به ۱۰٪ می‌رسد',
    ],
    [
      'España recibirá cien millones de turistas en 2028.',
      'España recibirá 100 millones de turistas en 2028.',
    ],
    // A time phrase moved in Chinese ('in 2029' before or after the subject).
    ['2029年小米将推出自己的电动跑车。', '小米将在2029年推出自己的电动跑车！'],
    // Two neighbouring letters swapped in a four-letter word.
    ['Spotify will lose its CEO in 2027.', 'Spotify will lsoe its CEO in 2027.'],
  ])('calls %s and %s duplicates', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    [
      'España recibirá cien millones de turistas en 2028.',
      'España recibirá 90 millones de turistas en 2028.',
    ],
    ['جمعیت تهران تا ۱۴۱۰ به ده میلیون نفر می‌رسد', 'جمعیت تهران تا ۱۴۱۰ به ۱۲ میلیون نفر می‌رسد'],
    ['2029年小米将推出自己的电动跑车。', '2030年小米将推出自己的电动跑车。'],
    ['2029年小米将在深圳推出电动跑车。', '2029年小米将在上海推出电动跑车。'],
    ['मेरी भविष्यवाणी: 2029 तक दिल्ली में मेट्रो की पाँचवीं लाइन खुलेगी।', '2031 तक दिल्ली में मेट्रो की पाँचवीं लाइन खुलेगी।'],
    // A swap that moves the first letter is another word.
    ['Ajax won the cup in 2027.', 'Ajax own the cup in 2027.'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });

  it('leaves the stored signature as it was (the comparison reads more, the bands do not change)', () => {
    expect(normalizeForDuplicate('Beşiktaş yarın kazanacak')).toBe('besiktas yarın kazanacak');
  });
});

describe('contractions, vowel signs and typos', () => {
  it.each([
    // English contractions, a decimal's trailing zeros, number words on their own in other
    // languages, a vowel sign for another in a long Hindi word.
    ['The ECB will not raise rates before 2028.', "My prediction: the ECB won't raise rates before 2028!"],
    ['Bread will cost 3,00 euro in Lisbon by 2028.', 'Bread will cost 3 euro in Lisbon by 2028.'],
    ['Drei deutsche Teams erreichen 2027 das Halbfinale.', '3 deutsche Teams erreichen 2027 das Halbfinale!'],
    ['इसरो 2030 तक चंद्रमा पर इंसान भेजेगा।', 'इसरो 2030 तक चंद्रमा पर इंसान भेजेगी।'],
  ])('calls %s and %s duplicates', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    // A four-letter swap whose both sides are words is another word ('sign'/'sing').
    ['Taylor Swift will sign with a new label in 2027.', 'Taylor Swift will sing with a new label in 2027.'],
    ['The ECB will raise rates before 2028.', "The ECB won't raise rates before 2028."],
    ['Bread will cost 3,50 euro in Lisbon by 2028.', 'Bread will cost 3,05 euro in Lisbon by 2028.'],
    ['Drei deutsche Teams erreichen 2027 das Halbfinale.', '2 deutsche Teams erreichen 2027 das Halbfinale.'],
    // The stored normalisation drops Devanagari vowel signs: 'सोना' (gold) and 'सेना' (army) share an
    // exact key, and the comparison still tells them apart.
    ['2027 में सोना सबसे अच्छा निवेश साबित होगा।', '2027 में सेना सबसे अच्छा निवेश साबित होगा।'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });
});

describe('edits a person makes without thinking', () => {
  it.each([
    [
      'synonym',
      'The new bridge will start carrying traffic in May 2028.',
      'The new bridge will begin carrying traffic in May 2028.',
    ],
    [
      'synonym',
      'Over 60% of Dutch households will own a heat pump by 2035.',
      'More than 60% of Dutch households will own a heat pump by 2035.',
    ],
    [
      'synonym',
      'Samsung will stay the largest phone maker in 2027.',
      'Samsung will stay the biggest phone maker in 2027.',
    ],
    [
      'synonym',
      'The current speed record for trains will fall before 2030.',
      "Today's speed record for trains will fall before 2030.",
    ],
    [
      'number',
      'Two of the big four UK banks will merge before 2030.',
      '2 of the big four UK banks will merge before 2030.',
    ],
    [
      'number',
      'Mortgage rates will drop to one percent in Japan by 2028.',
      'Mortgage rates will drop to 1% in Japan by 2028.',
    ],
    [
      'number',
      'Le Portugal gagnera trois médailles d’or en 2028.',
      'Le Portugal gagnera 3 médailles d’or en 2028.',
    ],
    ['abbreviation', 'The UK will join the euro before 2040.', 'The U.K. will join the euro before 2040.'],
    [
      'hyphen',
      'Self-driving taxis will operate in Berlin by 2029.',
      'Self driving taxis will operate in Berlin by 2029.',
    ],
    [
      'dash',
      'The Madrid-Lisbon rail link will open in 2030.',
      'The Madrid–Lisbon rail link will open in 2030.',
    ],
    ['digits, zwnj', 'قیمت طلا تا پایان ۱۴۰۶ دو برابر می‌شود.', 'قیمت طلا تا پایان 1406 دو برابر میشود.'],
    ['space', 'تورم ایران در ۱۴۰۷ کمتر می‌شود.', 'تورم ایران در ۱۴۰۷ کمتر می شود.'],
  ])('calls a %s edit a duplicate: "%s"', (_edit, a, b) => {
    expect(compareTexts(a, b)).toMatchObject({ duplicate: true, conflict: null });
  });
});

describe('different claims stay distinct', () => {
  it.each([
    ['rise / fall', 'Rents in Lisbon will rise by 10% in 2027.', 'Rents in Lisbon will fall by 10% in 2027.'],
    [
      'before / after',
      'Fusion power will reach the grid before 2040.',
      'Fusion power will reach the grid after 2040.',
    ],
    [
      'over / under',
      'Over 30% of cars sold in Italy in 2028 will be electric.',
      'Under 30% of cars sold in Italy in 2028 will be electric.',
    ],
    [
      'Persian negation',
      'تیم ملی ایران به جام جهانی ۲۰۳۰ صعود می‌کند.',
      'تیم ملی ایران به جام جهانی ۲۰۳۰ صعود نمی‌کند.',
    ],
    [
      'French negation',
      'Le Brésil gagnera la Coupe du monde 2030.',
      'Le Brésil ne gagnera pas la Coupe du monde 2030.',
    ],
    [
      'sides swapped',
      'Chelsea will finish the 2027-28 season above Tottenham.',
      'Tottenham will finish the 2027-28 season above Chelsea.',
    ],
    [
      'sides swapped in Persian',
      'سپاهان در فینال جام حذفی تراکتور را شکست می‌دهد.',
      'تراکتور در فینال جام حذفی سپاهان را شکست می‌دهد.',
    ],
    [
      'sides swapped in French',
      'Nantes finira la saison 2027-28 devant Rennes.',
      'Rennes finira la saison 2027-28 devant Nantes.',
    ],
    ['another number', 'Gold will pass $5,000 an ounce in 2027.', 'Gold will pass $6,000 an ounce in 2027.'],
    [
      'another year',
      'India will land a crew on the Moon by 2035.',
      'India will land a crew on the Moon by 2040.',
    ],
    [
      'another place',
      'Tram fares will be free in Vienna from 2028.',
      'Tram fares will be free in Prague from 2028.',
    ],
    ['another subject', 'Airbus will deliver 900 planes in 2027.', 'Boeing will deliver 900 planes in 2027.'],
  ])('keeps %s apart', (_kind, a, b) => {
    expect(compareTexts(a, b).duplicate).toBe(false);
  });
});

describe('abbreviations, spelled numbers, shares and swapped sides (2.1.0)', () => {
  it('reads an abbreviation as the words it stands for', () => {
    expect(
      isNearDuplicate(
        'The IMF will cut its 2027 growth forecast for Germany.',
        'The International Monetary Fund will cut its 2027 growth forecast for Germany.',
      ),
    ).toBe(true);
    expect(
      isNearDuplicate('Rents in the UK will rise 5% by 2028.', 'Rents in the US will rise 5% by 2028.'),
    ).toBe(false);
  });

  it('reads a run of number words, a share and "a million" as digits', () => {
    expect(
      isNearDuplicate(
        'Билет в Большой театр будет стоить больше сто двадцать долларов в 2027 году.',
        'Билет в Большой театр будет стоить больше 120 долларов в 2027 году.',
      ),
    ).toBe(true);
    expect(
      isNearDuplicate(
        'Half of new cars sold in Norway in 2026 will be Teslas.',
        '50% of new cars sold in Norway in 2026 will be Teslas.',
      ),
    ).toBe(true);
    expect(
      isNearDuplicate(
        'A million tourists will visit Petra in 2027.',
        '1 million tourists will visit Petra in 2027.',
      ),
    ).toBe(true);
    expect(
      isNearDuplicate('到2029年，电动车占新车销量的百分之六十。', '到2029年，电动车占新车销量的60%。'),
    ).toBe(true);
  });

  it('calls two names that trade places a different claim, in any language', () => {
    expect(isNearDuplicate('अगले सीज़न में चेन्नई मुंबई को हराएगा।', 'अगले सीज़न में मुंबई चेन्नई को हराएगा।')).toBe(false);
    expect(
      isNearDuplicate(
        'Prices of rice and oil will rise in 2027.',
        'Prices of oil and rice will rise in 2027.',
      ),
    ).toBe(true);
  });

  it('reads a negation in Hindi and Indonesian', () => {
    expect(isNearDuplicate('भारत 2030 तक चाँद पर इंसान भेजेगा।', 'भारत 2030 तक चाँद पर इंसान नहीं भेजेगा।')).toBe(
      false,
    );
    expect(isNearDuplicate('Harga BBM akan naik pada 2027.', 'Harga BBM tidak akan naik pada 2027.')).toBe(
      false,
    );
  });
});

describe('numbers said in words', () => {
  it.each([
    ['The S&P 500 closes 2027 above seven thousand five hundred.', 'The S&P 500 closes 2027 above 7,500.'],
    ['Most homes will have a heat pump by twenty thirty-five.', 'Most homes will have a heat pump by 2035.'],
    [
      'Kenya exports one and a half million tonnes of tea in 2027.',
      'Kenya exports 1.5 million tonnes of tea in 2027.',
    ],
    [
      'México recibirá dos mil millones de dólares en 2028.',
      'México recibirá 2.000 millones de dólares en 2028.',
    ],
    [
      'Der Bund nimmt 2027 eine Milliarde Euro mehr Schulden auf.',
      'Der Bund nimmt 2027 1 Mrd. € mehr Schulden auf.',
    ],
    [
      'The next iPhone will cost a thousand dollars in the US.',
      'The next iPhone will cost $1,000 in the US.',
    ],
    // Chinese scale characters after numerals; Russian number words in the genitive; shares.
    ['到2027年，深圳的人口将超过两千万。', '到2027年，深圳的人口将超过2000万。'],
    [
      'Безработица в России к 2027 году вырастет до пяти процентов.',
      'Безработица в России к 2027 году вырастет до 5%.',
    ],
    [
      'A quarter of new cars sold in Spain will be electric by 2029.',
      '25% of new cars sold in Spain will be electric by 2029.',
    ],
  ])('calls %s and %s one claim', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    [
      'Kenya exports one and a half million tonnes of tea in 2027.',
      'Kenya exports 2.5 million tonnes of tea in 2027.',
    ],
    ['Most homes will have a heat pump by twenty thirty-five.', 'Most homes will have a heat pump by 2030.'],
    [
      'The next iPhone will cost a thousand dollars in the US.',
      'The next iPhone will cost €1,000 in the US.',
    ],
    ['到2027年，深圳的人口将超过两千万。', '到2027年，深圳的人口将超过200万。'],
    [
      'Безработица в России к 2027 году вырастет до пяти процентов.',
      'Безработица в России к 2027 году вырастет до 6%.',
    ],
    [
      'A quarter of new cars sold in Spain will be electric by 2029.',
      '20% of new cars sold in Spain will be electric by 2029.',
    ],
  ])('keeps %s and %s apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });
});

describe('curated synonyms in every language', () => {
  it.each([
    [
      'Het aantal daklozen in Utrecht zal in 2027 stijgen.',
      'Het aantal daklozen in Utrecht zal in 2027 toenemen.',
    ],
    ['Ціни на газ для населення зростуть з 1 червня.', 'Ціни на газ для населення збільшаться з 1 червня.'],
    ['Ceny prądu wzrosną w 2027 roku.', 'Ceny prądu zwiększą się w 2027 roku.'],
    ["The town's population will shrink again in 2027.", "The town's population will decline again in 2027."],
  ])('calls %s and %s one claim', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    [
      'Het aantal daklozen in Utrecht zal in 2027 stijgen.',
      'Het aantal daklozen in Utrecht zal in 2027 dalen.',
    ],
    ['Ceny prądu wzrosną w 2027 roku.', 'Ceny prądu spadną w 2027 roku.'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(isNearDuplicate(a, b)).toBe(false);
  });
});
