import { SwitchSettingsCard } from '#web/components/ui/switch-settings-card.tsx';
import { useNotificationSettings, useSetNotificationSettings } from '../api/notification-settings';

/** The opt-in daily digest: a switch, off until the member turns it on. */
export function DigestSection() {
  const settings = useNotificationSettings();
  const update = useSetNotificationSettings();
  const on = settings.data?.digest ?? false;
  return (
    <SwitchSettingsCard
      id="notifications"
      title="Notifications"
      description="Your dashboard shows what happened since your last visit. You can also get it by email: at most one email a day, only when something happened, each with a link to stop them."
      label="Email me a daily digest of new likes and comments on my predictions"
      on={on}
      busy={settings.isPending || update.isPending}
      subject="Your notification settings"
      loadFailed={settings.isError}
      saveFailed={update.isError}
      onToggle={() => update.mutate({ digest: !on })}
    />
  );
}
