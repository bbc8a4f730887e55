import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SettingsCard } from '#web/components/ui/settings-card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { downloadAccountExport } from '../api/account-settings';

/** Export my data: one JSON file, downloaded by the browser. */
export function ExportSection({ username }: { username: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function download() {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await downloadAccountExport(username);
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The export could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      id="export-title"
      title="Export my data"
      description="One JSON file with your profile, every prediction you published (public and private) with its analysis and comments, every comment you wrote and every vote you cast."
    >
      <div className="space-y-4">
        {error ? (
          <Alert variant="error" onDismiss={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        {done ? <Alert variant="success">Your data was downloaded.</Alert> : null}
        <Button variant="secondary" onClick={() => void download()} loading={busy} loadingText="Preparing...">
          Download My Data
        </Button>
      </div>
    </SettingsCard>
  );
}
