// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitForm } from './submit-form';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PREDICTION = {
  id: 1,
  category: 'Technology',
  categories: ['Technology'],
  timestamp: '2026-11-22T10:00:00.000Z',
  prediction_text: 'x',
  visibility: true,
  reliability_score: 80,
  is_flagged: false,
  flag_reason: null,
  flag_reasoning: null,
  analysis_result: { score: 80, tier: 'high', version: '1', language: 'en', reasons: [] },
  suggestions: [],
  text_quality_score: 0.8,
  sentiment_score: 0.2,
  engagement: { likes: 0, dislikes: 0, comments: 0 },
  target_date: null,
  target_date_inferred: false,
  confidence: null,
  resolution: {
    status: 'open',
    outcome: null,
    resolved_at: null,
    evidence_url: null,
    note: null,
    agree: 0,
    disagree: 0,
    disputed: false,
    editable_until: null,
  },
};

const PREVIEW = {
  success: true,
  quality_percent: 72,
  tier: 'good',
  reasons: [
    { code: 'time_frame', label: 'Has a time frame', effect: 12 },
    { code: 'hedged', label: 'Hedged wording', effect: -6 },
  ],
  flag: null,
  rejected: false,
  proposed_resolve_by: '2030-12-31',
};

/** Replies by path: the coach's previews and the submission each get theirs. */
function routeFetch(submitReply: () => Response) {
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/predictions/preview' ? json(200, PREVIEW) : submitReply(),
  );
}
const submitBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/predictions')
    .map(([, init]) => JSON.parse(String(init?.body)));

function renderForm(signedIn: boolean, memberId: number | null = null, state: unknown = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/submit', state }]}>
        <Routes>
          <Route path="/submit" element={<SubmitForm signedIn={signedIn} memberId={memberId} />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const textarea = () => screen.getByLabelText('What do you see coming?') as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(textarea(), { target: { value } });
const GOOD = 'Electric cars will make up 60% of new car sales in the EU by 2030.';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.setItem('token', 'a.b.c');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  sessionStorage.clear();
  localStorage.clear();
});

describe('SubmitForm', () => {
  it('is disabled for guests, with the guest label', () => {
    renderForm(false);
    // Disabled through the surrounding fieldset.
    expect(textarea().matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Technology' }).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText(/Public/).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Login Required to Submit' })).toHaveProperty('disabled', true);
  });

  it('caps the text at 500, warns above 400 and shows danger at 500', () => {
    renderForm(true);
    expect(textarea().maxLength).toBe(500);
    type('a'.repeat(401));
    expect(screen.getByText(/^401\/500/).getAttribute('data-state')).toBe('warning');
    type('a'.repeat(500));
    expect(screen.getByText(/^500\/500/).getAttribute('data-state')).toBe('danger');
    type('a'.repeat(400));
    expect(screen.getByText(/^400\/500/).getAttribute('data-state')).toBe('normal');
  });

  it('allows 3 categories, then disables the rest and shows the alert', () => {
    renderForm(true);
    expect(screen.queryByText('You can select maximum 3 categories')).toBeNull();
    for (const c of ['Politics', 'Economy', 'Sports'])
      fireEvent.click(screen.getByRole('button', { name: c }));
    expect(screen.getByText('You can select maximum 3 categories')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Technology' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Sports' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Sports' }));
    expect(screen.getByRole('button', { name: 'Technology' })).toHaveProperty('disabled', false);
  });

  it('suggests categories 300 ms after typing more than 30 characters; picking one adds it', () => {
    vi.useFakeTimers();
    renderForm(true);
    type('The central bank will cut interest rates');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Smart category suggestions')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const pick = screen.getByRole('button', { name: /Economy.*High confidence/ });
    fireEvent.click(pick);
    expect(screen.queryByText('Smart category suggestions')).toBeNull();
    expect(screen.getByRole('button', { name: 'Economy' }).getAttribute('aria-pressed')).toBe('true');
    type('Short text');
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Smart category suggestions')).toBeNull();
  });

  it('sends trimmed text, joined categories and visibility; the success screen shows the analysis and stays', async () => {
    fetchMock.mockResolvedValueOnce(
      json(201, {
        success: true,
        message: 'ok',
        prediction: {
          ...PREDICTION,
          id: 41,
          visibility: false,
          reliability_score: 64,
          analysis_result: {
            ...PREDICTION.analysis_result,
            score: 64,
            reasons: [
              { code: 'base', label: 'Starting point', effect: 40 },
              { code: 'time_bound', label: 'Has a time frame or date', effect: 12 },
              { code: 'hedged', label: 'Hedged (maybe)', effect: -8 },
              { code: 'measurable_quantity', label: 'Names a measurable quantity', effect: 20 },
            ],
          },
          flagged: false,
        },
      }),
    );
    renderForm(true);
    type(`  ${GOOD}  `);
    fireEvent.click(screen.getByRole('button', { name: 'Technology' }));
    fireEvent.click(screen.getByRole('button', { name: 'Economy' }));
    fireEvent.click(screen.getByLabelText(/Private/));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    // Private: saved for the member alone, not 'shared with the world'.
    await waitFor(() => expect(screen.getByText('Prediction Saved!')).toBeTruthy());
    expect(
      screen.getByText('Your vision of the future is saved privately: only you can see it'),
    ).toBeTruthy();
    expect(screen.queryByText(/shared with the world/)).toBeNull();
    // The analysis: the percent, the two reasons that moved it most, the way to the prediction.
    const dialog = screen.getByRole('dialog', { name: 'Prediction Saved!' });
    expect(dialog.textContent).toContain('64%');
    expect(screen.getByText('Names a measurable quantity')).toBeTruthy();
    expect(screen.getByText('Has a time frame or date')).toBeTruthy();
    expect(screen.queryByText('Hedged (maybe)')).toBeNull();
    expect(screen.queryByText('Starting point')).toBeNull();
    expect(screen.getByRole('link', { name: 'See your prediction' }).getAttribute('href')).toBe('/p/41');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/predictions');
    expect(JSON.parse(String(init?.body))).toEqual({
      prediction_text: GOOD,
      categories: 'Technology,Economy',
      visibility: false,
    });
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer a.b.c');
    // After 2 s the form behind it is empty (SPEC.md §4); the screen waits for the member.
    act(() => vi.advanceTimersByTime(2000));
    expect(textarea().value).toBe('');
    expect(screen.getByLabelText(/Public/)).toHaveProperty('checked', true);
    expect(screen.getByText('Prediction Saved!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Write Another' }));
    expect(screen.queryByText('Prediction Saved!')).toBeNull();
  });

  it('says a public prediction was shared with the world, with Analyzing... before a score', async () => {
    fetchMock.mockResolvedValueOnce(
      json(201, {
        success: true,
        message: 'ok',
        prediction: { ...PREDICTION, id: 42, reliability_score: null, flagged: false },
      }),
    );
    renderForm(true);
    type(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(screen.getByText('Prediction Launched!')).toBeTruthy());
    expect(screen.getByText('Your vision of the future has been shared with the world')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Prediction Launched!' }).textContent).toContain(
      'Analyzing...',
    );
    expect(screen.getByRole('link', { name: 'See your prediction' }).getAttribute('href')).toBe('/p/42');
  });

  it('shows the flagged notice with warning and suggestions, and empties the form at once', async () => {
    fetchMock.mockResolvedValueOnce(
      json(201, {
        success: true,
        message: 'AI-generated content detected: your prediction was published with a warning.',
        prediction: { ...PREDICTION, flagged: true, is_flagged: true },
        details: { warning: 'Reads as machine-generated text.', suggestions: ['Write in your own words.'] },
      }),
    );
    renderForm(true);
    type(GOOD);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(screen.getByText(/AI-generated content detected/)).toBeTruthy());
    expect(screen.getByText('Reads as machine-generated text.')).toBeTruthy();
    expect(screen.getByText('Write in your own words.')).toBeTruthy();
    // Published: the text is gone at once, so it can't be launched a second time; the notice stays.
    expect(textarea().value).toBe('');
    expect(screen.getByRole('button', { name: 'Launch Prediction' })).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.getByText('Reads as machine-generated text.')).toBeTruthy();
  });

  it("keeps a member's half-written prediction as a draft until it is published", async () => {
    const first = renderForm(true, 7);
    type(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Economy' }));
    fireEvent.click(screen.getByLabelText(/Private/));
    expect(screen.getByText(/Draft saved on this device/)).toBeTruthy();
    first.unmount();
    // Another member on this browser does not get it.
    const other = renderForm(true, 8);
    expect(textarea().value).toBe('');
    other.unmount();
    renderForm(true, 7);
    expect(textarea().value).toBe(GOOD);
    expect(screen.getByRole('button', { name: 'Economy' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText(/Private/)).toHaveProperty('checked', true);

    fetchMock.mockResolvedValueOnce(
      json(201, { success: true, message: 'ok', prediction: { ...PREDICTION, flagged: false } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(screen.getByText('Prediction Launched!')).toBeTruthy());
    expect(localStorage.getItem('futurecast:draft:7')).toBeNull();
  });

  it('proposes the resolve-by date as the text is typed; the member may change or clear it', async () => {
    routeFetch(() =>
      json(201, { success: true, message: 'ok', prediction: { ...PREDICTION, flagged: false } }),
    );
    renderForm(true);
    const date = () => screen.getByLabelText(/Resolve by/) as HTMLInputElement;
    expect(date().value).toBe('');
    type('Norway will ban new petrol cars by 2029 at the latest.');
    expect(date().value).toBe('2029-12-31');
    expect(screen.getByText(/Read from your text/)).toBeTruthy();
    // Left alone, nothing is sent: the server proposes (and stores) the same date.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(submitBodies()).toHaveLength(1));
    expect(submitBodies()[0]).not.toHaveProperty('resolve_by');
    // The success screen (ux fixes) covers the form until the member writes another.
    fireEvent.click(await screen.findByRole('button', { name: 'Write Another' }));

    type('Norway will ban new petrol cars by 2029 at the latest, for sure.');
    fireEvent.change(date(), { target: { value: '2028-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(submitBodies()).toHaveLength(2));
    expect(submitBodies()[1]).toMatchObject({ resolve_by: '2028-06-30' });
    // The success screen (ux fixes) covers the form until the member writes another.
    fireEvent.click(await screen.findByRole('button', { name: 'Write Another' }));

    type('Norway will ban new petrol cars by 2029, whatever the cost.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(date().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(submitBodies()).toHaveLength(3));
    expect(submitBodies()[2]).toMatchObject({ resolve_by: null });
  });

  it('refuses a resolve-by date in the past before sending', () => {
    renderForm(true);
    type(GOOD);
    fireEvent.change(screen.getByLabelText(/Resolve by/), { target: { value: '2020-01-01' } });
    expect(screen.getByText('resolve_by must be a date after today')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    expect(submitBodies()).toHaveLength(0);
  });

  it('has the confidence slider off by default; turned on, it sends the chosen value', async () => {
    routeFetch(() =>
      json(201, { success: true, message: 'ok', prediction: { ...PREDICTION, flagged: false } }),
    );
    renderForm(true);
    expect(screen.queryByRole('slider')).toBeNull();
    fireEvent.click(screen.getByLabelText(/How sure are you/));
    const slider = screen.getByRole('slider', { name: 'Confidence' }) as HTMLInputElement;
    expect(slider.min).toBe('50');
    expect(slider.max).toBe('99');
    fireEvent.change(slider, { target: { value: '85' } });
    expect(screen.getByText('85%')).toBeTruthy();
    type(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(submitBodies()).toHaveLength(1));
    expect(submitBodies()[0]).toMatchObject({ confidence: 85 });
  });

  it('coaches 500 ms after typing stops, from 30 characters on, with the server’s analysis', async () => {
    routeFetch(() => json(500, {}));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderForm(true);
    const previews = () => fetchMock.mock.calls.filter(([url]) => url === '/api/predictions/preview');
    type('Electric cars will win'); // 22 characters
    act(() => vi.advanceTimersByTime(600));
    expect(previews()).toHaveLength(0);
    expect(screen.queryByTestId('quality-coach')).toBeNull();
    type(GOOD.slice(0, 40));
    act(() => vi.advanceTimersByTime(300));
    type(GOOD);
    act(() => vi.advanceTimersByTime(499));
    expect(previews()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(previews()).toHaveLength(1));
    expect(JSON.parse(String(previews()[0]?.[1]?.body))).toEqual({ prediction_text: GOOD, categories: null });
    const coach = await screen.findByTestId('quality-coach');
    await waitFor(() => expect(coach.textContent).toContain('72%'));
    expect(coach.textContent).toContain('Good Quality');
    expect(coach.textContent).toContain('Has a time frame');
    expect(coach.textContent).toContain('Hedged wording');
    expect(coach.textContent).toMatch(/Resolve-by date read from your text/);
  });

  it("opens with the old prediction from 'Create Better Prediction', in place of a stored draft", () => {
    localStorage.setItem(
      'futurecast:draft:7',
      JSON.stringify({ text: 'An older draft about something else.', categories: [], isPublic: true }),
    );
    renderForm(true, 7, {
      refill: { text: GOOD, categories: ['Economy', 'Nonsense', 'Technology'], isPublic: false },
    });
    expect(textarea().value).toBe(GOOD);
    expect(screen.getByRole('button', { name: 'Economy' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Technology' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText(/Private/)).toHaveProperty('checked', true);
    // It is the draft now, so a reload keeps it as edited.
    type(`${GOOD} Edited.`);
    expect(JSON.parse(localStorage.getItem('futurecast:draft:7') ?? '{}')).toEqual({
      text: `${GOOD} Edited.`,
      categories: ['Economy', 'Technology'],
      isPublic: false,
    });
  });

  it('discards a draft on request, and keeps none for guests', () => {
    localStorage.setItem(
      'futurecast:draft:7',
      JSON.stringify({ text: GOOD, categories: [], isPublic: true }),
    );
    const member = renderForm(true, 7);
    expect(textarea().value).toBe(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(textarea().value).toBe('');
    expect(localStorage.getItem('futurecast:draft:7')).toBeNull();
    member.unmount();
    localStorage.setItem(
      'futurecast:draft:7',
      JSON.stringify({ text: GOOD, categories: [], isPublic: true }),
    );
    renderForm(false);
    expect(textarea().value).toBe('');
  });

  it('shows the duplicate message on 409 and the recommendations on 403', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        success: false,
        code: 'DUPLICATE_PREDICTION',
        message: 'Duplicate prediction: already there.',
        details: { duplicateOf: 17, similarity: 0.95 },
      }),
    );
    renderForm(true);
    type(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() =>
      expect(
        screen.getByText('This prediction already exists! Try sharing a different vision of the future.'),
      ).toBeTruthy(),
    );
    expect(screen.getByRole('link', { name: 'See the existing prediction' }).getAttribute('href')).toBe(
      '/p/17',
    );
    fetchMock.mockResolvedValueOnce(
      json(403, {
        success: false,
        code: 'PREDICTION_REJECTED',
        message: 'Prediction not published: Abusive or offensive language.',
        details: { recommendations: ['Criticise ideas, not people.'] },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() =>
      expect(screen.getByText('Prediction not published: Abusive or offensive language.')).toBeTruthy(),
    );
    expect(screen.getByText('Criticise ideas, not people.')).toBeTruthy();
  });

  it('validates the text before sending', () => {
    renderForm(true);
    type('too short');
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    expect(screen.getByText('Prediction must be at least 10 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on 401 removes the token and says why', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { success: false, code: 'UNAUTHORIZED', message: 'Authentication required' }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderForm(true);
    type(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    await waitFor(() => expect(screen.getByText('Authentication failed. Please log in again.')).toBeTruthy());
    expect(sessionStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'), { timeout: 3000 });
  });

  it('without a stored token says so before sending anything', () => {
    sessionStorage.clear();
    renderForm(true);
    type(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Launch Prediction' }));
    expect(screen.getByText('Authentication token missing. Please log in again.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
