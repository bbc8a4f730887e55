import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ShareIcon } from '#web/components/ui/page-icons.tsx';
import { type ShareOutcome, shareLink } from '../lib/share';

const MESSAGES: Record<ShareOutcome, string> = {
  shared: 'Shared.',
  copied: 'Link copied to the clipboard.',
  cancelled: '',
  failed: "Couldn't copy the link: copy it from the address bar.",
};

/** Shares the page's address (Web Share where the browser has it, else the clipboard) and says so. */
export function ShareButton({ title, className }: { title: string; className?: string }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  // The confirmation fades after a while; the live region has already announced it.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), 6_000);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <span className={className}>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setMessage('');
          const outcome = await shareLink({ url: window.location.href, title });
          setMessage(MESSAGES[outcome]);
          setBusy(false);
        }}
      >
        <ShareIcon className="size-4" />
        Share
      </Button>
      <span role="status" className="ml-2 text-sm text-ink-600">
        {message}
      </span>
    </span>
  );
}
