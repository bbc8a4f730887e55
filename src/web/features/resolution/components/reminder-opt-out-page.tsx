import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useOptOutReminders } from '../api/opt-out-reminders';

/**
 * The reminder mail's opt-out link (/reminders/opt-out?token=…): works without signing in. A
 * button, not an automatic call, so a mail scanner that opens the link opts nobody out.
 */
export function ReminderOptOutPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useOptOutReminders();
  const failure =
    mutation.error instanceof ApiError
      ? mutation.error.message
      : mutation.error
        ? 'Something went wrong. Please try again.'
        : null;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Stop resolution reminders · Futurecast</title>
      <Card padding="lg" className="text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
          <MailIcon className="size-7" />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Stop resolution reminders</h1>
        {mutation.data ? (
          <Alert variant="success" className="mt-6 text-left">
            {mutation.data.message}
          </Alert>
        ) : (
          <>
            <p className="mt-3 leading-relaxed text-ink-600">
              You will no longer get an email when one of your predictions falls due. Your dashboard still
              lists them under 'Due for resolution'.
            </p>
            {failure ? (
              <Alert variant="error" className="mt-6 text-left">
                {failure}
              </Alert>
            ) : null}
            <Button
              className="mt-8"
              onClick={() => mutation.mutate(token)}
              loading={mutation.isPending}
              loadingText="Saving..."
              disabled={!token}
            >
              Stop reminders
            </Button>
          </>
        )}
        <p className="mt-8 text-sm">
          <ButtonLink to="/" variant="ghost" size="sm">
            Go to Home
          </ButtonLink>
        </p>
      </Card>
    </div>
  );
}
