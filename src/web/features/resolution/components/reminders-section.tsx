import { SwitchSettingsCard } from '#web/components/ui/switch-settings-card.tsx';
import { useReminderSettings, useSetReminderSettings } from '../api/reminder-settings';

/** Resolution reminders (issue 26): on until the member turns them off, here or from a mail's link. */
export function RemindersSection() {
  const settings = useReminderSettings();
  const update = useSetReminderSettings();
  const on = settings.data?.reminders ?? true;
  return (
    <SwitchSettingsCard
      id="reminders"
      title="Resolution reminders"
      description="When a prediction reaches its resolve-by date, one email with a link straight to resolving it."
      label="Email me when one of my predictions is due for resolution"
      on={on}
      busy={settings.isPending || update.isPending}
      subject="Your reminder setting"
      loadFailed={settings.isError}
      saveFailed={update.isError}
      onToggle={() => update.mutate(!on)}
    />
  );
}
