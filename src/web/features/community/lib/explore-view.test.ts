import { describe, expect, it } from 'vitest';
import { exploreSearch, parseExploreView, searchable } from './explore-view';

const parse = (search: string) => parseExploreView(new URLSearchParams(search));

describe('the explore view in the URL', () => {
  it('reads the defaults from an empty query', () => {
    expect(parse('')).toEqual({ sort: 'hot', category: null, status: null, q: '', cursor: null });
  });

  it('reads sort, category, search and cursor', () => {
    expect(parse('?sort=top&category=Economy&q=%20interest%20rates%20&cursor=abc')).toEqual({
      sort: 'top',
      category: 'Economy',
      status: null,
      q: 'interest rates',
      cursor: 'abc',
    });
  });

  it('takes any case for sort and category, and spells the category as the API does', () => {
    expect(parse('?sort=NEW&category=technology')).toMatchObject({ sort: 'new', category: 'Technology' });
    expect(parse('?category=FUTURECAST').category).toBe('Futurecast');
  });

  it('reads what the API would refuse as the default', () => {
    expect(parse('?sort=random&category=Weather&cursor=')).toEqual({
      sort: 'hot',
      category: null,
      status: null,
      q: '',
      cursor: null,
    });
    expect(parse(`?cursor=${'x'.repeat(201)}`).cursor).toBeNull();
    expect(parse(`?q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('reads the status filter, any case; anything else is all', () => {
    expect(parse('?status=Due').status).toBe('due');
    expect(parse('?status=closed').status).toBeNull();
    expect(exploreSearch({ sort: 'new', category: 'Economy', status: 'resolved' })).toBe(
      '?sort=new&category=Economy&status=resolved',
    );
  });

  it('searches from two characters only', () => {
    expect(searchable('')).toBeUndefined();
    expect(searchable('a')).toBeUndefined();
    expect(searchable('ai')).toBe('ai');
  });

  it('writes a view back in a fixed order, leaving out the defaults', () => {
    expect(exploreSearch({ sort: 'hot', category: null, status: null, q: '', cursor: null })).toBe('');
    expect(exploreSearch({ q: 'کیهان', category: 'Society', sort: 'new' })).toBe(
      `?sort=new&category=Society&q=${encodeURIComponent('کیهان')}`,
    );
    expect(exploreSearch({ sort: 'top', cursor: 'c1' })).toBe('?sort=top&cursor=c1');
  });

  it('round-trips: a shared link restores the same view', () => {
    const view = parse('?q=solar+power&sort=top&category=environment');
    expect(parse(exploreSearch(view))).toEqual(view);
    expect(exploreSearch(view)).toBe('?sort=top&category=Environment&q=solar+power');
  });
});
