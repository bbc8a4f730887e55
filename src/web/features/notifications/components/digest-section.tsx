import { Alert } from '#web/components/ui/alert.tsx';
import { SettingsCard } from '#web/components/ui/settings-card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useNotificationSettings, useSetNotificationSettings } from '../api/notification-settings';

/** The opt-in daily digest: a switch, off until the member turns it on. */
export function DigestSection() {
  const settings = useNotificationSettings();
  const update = useSetNotificationSettings();
  const on = settings.data?.digest ?? false;
  const busy = settings.isPending || update.isPending;
  return (
    <SettingsCard
      id="notifications-title"
      title="Notifications"
      description="Your dashboard shows what happened since your last visit. You can also get it by email: at most one email a day, only when something happened, each with a link to stop them."
    >
      <div className="flex items-center justify-between gap-4 rounded-xl p-4 ring-1 ring-ink-200">
        <span id="digest-label" className="text-sm font-medium text-ink-900">
          Email me a daily digest of new likes and comments on my predictions
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {busy ? <Spinner size="sm" label={null} className="text-brand-600" /> : null}
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby="digest-label"
            disabled={busy || settings.isError}
            onClick={() => update.mutate({ digest: !on })}
            className={cn(
              'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
              on ? 'bg-brand-600' : 'bg-ink-300',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-block size-5 rounded-full bg-white shadow transition-transform',
                on ? 'translate-x-6' : 'translate-x-1',
              )}
            />
          </button>
        </span>
      </div>
      {settings.isError || update.isError ? (
        <Alert variant="error" className="mt-4">
          Your notification settings could not be {update.isError ? 'saved' : 'loaded'}. Please try again.
        </Alert>
      ) : null}
    </SettingsCard>
  );
}
