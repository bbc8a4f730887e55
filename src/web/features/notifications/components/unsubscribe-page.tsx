import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { unsubscribeFromDigest } from '../api/unsubscribe';

/**
 * The digest's unsubscribe link (/unsubscribe?token=…): works without signing in. A button, not an
 * automatic call, so a mail scanner that opens the link does not unsubscribe anyone.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    { name: 'ready' | 'busy' } | { name: 'done' | 'failed'; message: string }
  >({
    name: 'ready',
  });

  async function unsubscribe() {
    setState({ name: 'busy' });
    try {
      const reply = await unsubscribeFromDigest(token);
      setState({ name: 'done', message: reply.message });
    } catch (err) {
      setState({
        name: 'failed',
        message: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.',
      });
    }
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Unsubscribe · Futurecast</title>
      <Card padding="lg" className="text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
          <MailIcon className="size-7" />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Stop the daily digest</h1>
        {state.name === 'done' ? (
          <Alert variant="success" className="mt-6 text-left">
            {state.message}
          </Alert>
        ) : (
          <>
            <p className="mt-3 leading-relaxed text-ink-600">
              You will no longer get the email about new likes and comments on your predictions. You can turn
              it back on in your settings at any time.
            </p>
            {state.name === 'failed' ? (
              <Alert variant="error" className="mt-6 text-left">
                {state.message}
              </Alert>
            ) : null}
            <Button
              className="mt-8"
              onClick={() => void unsubscribe()}
              loading={state.name === 'busy'}
              loadingText="Unsubscribing..."
              disabled={!token}
            >
              Unsubscribe
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
