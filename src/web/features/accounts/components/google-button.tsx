import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { loadScript } from './load-script';

// Google sign-in through Google Identity Services' sign-in button: Google's popup hands back a
// `credential`, an ID token (a JWT Google signed for our client id), which the server verifies
// against Google's keys and audience (POST /api/auth/google {credential}; docs/decisions/004).
// The script loads only when the server has GOOGLE_CLIENT_ID; until it has drawn its button, ours
// stands in its place, disabled, at the same height.

const GIS_SRC = 'https://accounts.google.com/gsi/client';
/** Google draws its button between 200 and 400 px wide. */
const GIS_WIDTH = { min: 200, max: 400 } as const;

interface CredentialResponse {
  credential?: string;
}
interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (config: {
        client_id: string;
        callback: (response: CredentialResponse) => void;
        ux_mode?: 'popup' | 'redirect';
        auto_select?: boolean;
      }) => void;
      renderButton: (
        parent: HTMLElement,
        options: {
          type: 'standard';
          theme: 'outline';
          size: 'large';
          text: 'continue_with';
          shape: 'rectangular';
          logo_alignment: 'center';
          width: number;
        },
      ) => void;
    };
  };
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

export interface GoogleButtonProps {
  clientId: string;
  busy: boolean;
  /** The ID token from Google's button. */
  onCredential: (credential: string) => void;
  /** Google's side failed or was closed: SPEC.md §8 'Google sign-in failed'. */
  onFailure: () => void;
}

export function GoogleButton({ clientId, busy, onCredential, onFailure }: GoogleButtonProps) {
  const box = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onCredential, onFailure });
  handlers.current = { onCredential, onFailure };

  useEffect(() => {
    let cancelled = false;
    loadScript(GIS_SRC)
      .then(() => {
        const google = (window as unknown as { google?: GoogleIdentity }).google;
        if (cancelled || !google || !slot.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          auto_select: false,
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onFailure();
          },
        });
        const width = box.current?.clientWidth ?? GIS_WIDTH.max;
        google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(GIS_WIDTH.max, Math.max(GIS_WIDTH.min, width)),
        });
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setReady(false);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return (
    <div ref={box} className="min-h-11">
      <div ref={slot} className={ready && !busy ? 'flex min-h-11 items-center justify-center' : 'hidden'} />
      {ready && !busy ? null : (
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          loading={busy}
          loadingText="Signing in with Google..."
          disabled
        >
          <GoogleLogo />
          Continue with Google
        </Button>
      )}
    </div>
  );
}
