// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountSection } from './delete-account-section';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderSection(hasPassword: boolean) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeleteAccountSection username="Ada_99" hasPassword={hasPassword} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

const confirm = () => screen.getByRole('button', { name: 'Delete My Account' }) as HTMLButtonElement;
const typeUsername = (value: string) =>
  fireEvent.change(screen.getByLabelText('Type your username to confirm'), { target: { value } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, assign });
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('futurecast:draft:7', JSON.stringify({ text: 'half-written', categories: [] }));
  localStorage.setItem('hot-topics-cache', '{}');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  assign.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('DeleteAccountSection', () => {
  it('says what is removed and that the username is free again after 30 days', () => {
    const dialog = renderSection(true);
    expect(dialog.textContent).toMatch(/your predictions, public and private/);
    expect(dialog.textContent).toMatch(/your comments, and your likes and dislikes/);
    expect(dialog.textContent).toMatch(/anyone can take it\s+again after 30 days/);
    expect(document.activeElement).toBe(screen.getByLabelText('Type your username to confirm'));
  });

  it('enables deletion only for the exact username and, with a password set, the password', () => {
    renderSection(true);
    expect(confirm().disabled).toBe(true);
    typeUsername('ada_99');
    expect(confirm().disabled).toBe(true);
    expect(screen.getByText('Type your username exactly as it is shown to confirm')).toBeTruthy();
    typeUsername('Ada_99');
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Sunny-Day-42' } });
    expect(confirm().disabled).toBe(false);
  });

  it('shows a refusal in the dialog and keeps this browser signed in', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { success: false, code: 'WRONG_PASSWORD', message: 'Incorrect password' }),
    );
    renderSection(true);
    typeUsername('Ada_99');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.click(confirm());
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(dialog.textContent).toContain('Incorrect password'));
    expect(localStorage.getItem('token')).toBe('a.b.c');
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('a Google-only account confirms with the username alone; success forgets the member here', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { success: true, message: 'Your account and everything in it have been deleted' }),
    );
    renderSection(false);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    typeUsername('Ada_99');
    fireEvent.click(confirm());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/settings?account=deleted'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'Ada_99' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('futurecast:draft:7')).toBeNull();
    expect(localStorage.getItem('hot-topics-cache')).toBeNull();
  });
});
