import { Alert } from './alert';
import { SettingsCard } from './settings-card';
import { Spinner } from './spinner';
import { cn } from '#web/lib/cn.ts';

/** A settings section that is one on/off switch, with its loading and error states. */
export function SwitchSettingsCard({
  id,
  title,
  description,
  label,
  on,
  busy,
  subject,
  loadFailed,
  saveFailed,
  onToggle,
}: {
  id: string;
  title: string;
  description: string;
  label: string;
  on: boolean;
  busy: boolean;
  /** Named in the error line: 'Your reminder setting' could not be loaded / saved. */
  subject: string;
  loadFailed: boolean;
  saveFailed: boolean;
  onToggle: () => void;
}) {
  const labelId = `${id}-label`;
  return (
    <SettingsCard id={id} title={title} description={description}>
      <div className="flex items-center justify-between gap-4 rounded-xl p-4 ring-1 ring-ink-200">
        <span id={labelId} className="text-sm font-medium text-ink-900">
          {label}
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {busy ? <Spinner size="sm" label={null} className="text-brand-600" /> : null}
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby={labelId}
            disabled={busy || loadFailed}
            onClick={onToggle}
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
      {loadFailed || saveFailed ? (
        <Alert variant="error" className="mt-4">
          {subject} could not be {saveFailed ? 'saved' : 'loaded'}. Please try again.
        </Alert>
      ) : null}
    </SettingsCard>
  );
}
