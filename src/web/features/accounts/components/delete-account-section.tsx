import { ACCOUNT_DELETION_MESSAGES } from '#shared/schemas/accounts.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { SettingsCard } from '#web/components/ui/settings-card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { HOT_TOPICS_CACHE_KEY } from '#web/lib/hot-topics-cache.ts';
import { clearMemberData, clearSession } from '#web/lib/token-storage.ts';
import { useDeleteAccount } from '../api/delete-account';
import { PasswordField, TextField } from './fields';

/** Where the browser lands once the account is gone: the settings page says so to a signed-out browser. */
const ACCOUNT_DELETED_PATH = '/settings?account=deleted';

const failure = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Your account could not be deleted. Please try again.';

/** After deletion this browser keeps nothing of the member: session, drafts, cached cards. */
function forgetThisMember() {
  clearSession();
  clearMemberData();
  try {
    localStorage.removeItem(HOT_TOPICS_CACHE_KEY);
  } catch {
    // Storage unavailable: nothing was cached there either.
  }
}

/**
 * Delete my account (issue 27): a dialog where the member types their username exactly and, when the
 * account has one, their password. Everything they published or did goes; the username is free
 * again after 30 days.
 */
export function DeleteAccountSection({ username, hasPassword }: { username: string; hasPassword: boolean }) {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const usernameField = useRef<HTMLInputElement>(null);
  const formId = useId();
  const matches = typed === username;
  const canDelete = matches && (!hasPassword || password.length > 0) && !remove.isPending;

  function openChange(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setPassword('');
      setError(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!canDelete) return;
    remove.mutate(
      { username: typed, ...(hasPassword ? { password } : {}) },
      {
        onSuccess: () => {
          forgetThisMember();
          // A full load, as after Logout, so the whole app forgets the session.
          window.location.assign(ACCOUNT_DELETED_PATH);
        },
        onError: (err) => {
          setError(failure(err));
          setPassword('');
        },
      },
    );
  }

  return (
    <SettingsCard
      id="delete-title"
      title="Delete my account"
      description="Permanently removes your account and everything you published with it. This cannot be undone."
    >
      <p className="max-w-2xl text-sm leading-relaxed text-ink-700">
        Want a copy first?{' '}
        <a
          href="#export-title"
          className="font-semibold text-brand-700 underline underline-offset-4 hover:no-underline"
        >
          Export my data
        </a>{' '}
        before you delete your account.
      </p>
      <Button variant="danger" className="mt-5" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        onOpenChange={openChange}
        title="Delete your account?"
        description="This cannot be undone."
        initialFocus={usernameField}
        hideCloseButton={remove.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={() => openChange(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              variant="danger"
              disabled={!canDelete}
              loading={remove.isPending}
              loadingText="Deleting..."
            >
              Delete My Account
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate className="space-y-5">
          <Alert variant="warning" title="What is removed, for good">
            <ul className="mt-1 list-disc space-y-1 pl-5">
              <li>your predictions, public and private, with their analyses</li>
              <li>your comments, and your likes and dislikes</li>
              <li>your profile, your settings and every signed-in session</li>
            </ul>
            <p className="mt-2">
              Your username <bdi className="font-semibold">{username}</bdi> is released: anyone can take it
              again after 30 days.
            </p>
          </Alert>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <TextField
            ref={usernameField}
            label="Type your username to confirm"
            hint={
              <>
                Type <bdi className="font-semibold text-ink-800">{username}</bdi> exactly as shown.
              </>
            }
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            message={
              typed && !matches && typed.length >= username.length
                ? { tone: 'error', text: ACCOUNT_DELETION_MESSAGES.usernameMismatch }
                : null
            }
          />
          {hasPassword ? (
            <PasswordField
              label="Current password"
              hint="To be sure it is you."
              autoComplete="current-password"
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : null}
        </form>
      </Modal>
    </SettingsCard>
  );
}
