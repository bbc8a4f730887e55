import { Alert } from '#web/components/ui/alert.tsx';
import { SettingsCard } from '#web/components/ui/settings-card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useReminderSettings, useSetReminderSettings } from '../api/reminder-settings';

/** Resolution reminders (issue 26): on until the member turns them off, here or from a mail's link. */
export function RemindersSection() {
  const settings = useReminderSettings();
  const update = useSetReminderSettings();
  const on = settings.data?.reminders ?? true;
  const busy = settings.isPending || update.isPending;
  return (
    <SettingsCard
      id="reminders-title"
      title="Resolution reminders"
      description="When a prediction reaches its resolve-by date, one email with a link straight to resolving it."
    >
      <div className="flex items-center justify-between gap-4 rounded-xl p-4 ring-1 ring-ink-200">
        <span id="reminders-label" className="text-sm font-medium text-ink-900">
          Email me when one of my predictions is due for resolution
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {busy ? <Spinner size="sm" label={null} className="text-brand-600" /> : null}
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby="reminders-label"
            disabled={busy || settings.isError}
            onClick={() => update.mutate(!on)}
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
          Your reminder setting could not be {update.isError ? 'saved' : 'loaded'}. Please try again.
        </Alert>
      ) : null}
    </SettingsCard>
  );
}
