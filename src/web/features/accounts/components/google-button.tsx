import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { loadScript } from './load-script';

// Google sign-in through Google Identity Services' token client: Google's popup returns an access
// token, which the server checks against Google's userinfo endpoint (POST /api/auth/google).
// The script loads only when the server has GOOGLE_CLIENT_ID.

const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface TokenResponse {
  access_token?: string;
  error?: string;
}
interface TokenClient {
  requestAccessToken: () => void;
}
interface GoogleAccounts {
  accounts: {
    oauth2: {
      initTokenClient: (config: {
        client_id: string;
        scope: string;
        callback: (response: TokenResponse) => void;
        error_callback?: (error: { type?: string }) => void;
      }) => TokenClient;
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
  onAccessToken: (token: string) => void;
  /** Google's side failed or was closed: SPEC.md §8 'Google sign-in failed'. */
  onFailure: () => void;
}

export function GoogleButton({ clientId, busy, onAccessToken, onFailure }: GoogleButtonProps) {
  const client = useRef<TokenClient | null>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onAccessToken, onFailure });
  handlers.current = { onAccessToken, onFailure };

  useEffect(() => {
    let cancelled = false;
    loadScript(GIS_SRC)
      .then(() => {
        const google = (window as unknown as { google?: GoogleAccounts }).google;
        if (cancelled || !google) return;
        client.current = google.accounts.oauth2.initTokenClient({
          client_id: clientId,
          scope: 'openid email profile',
          callback: (response) => {
            if (response.access_token) handlers.current.onAccessToken(response.access_token);
            else handlers.current.onFailure();
          },
          error_callback: () => handlers.current.onFailure(),
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
    <Button
      variant="secondary"
      size="lg"
      fullWidth
      loading={busy}
      loadingText="Signing in with Google..."
      disabled={!ready}
      onClick={() => (client.current ? client.current.requestAccessToken() : onFailure())}
    >
      <GoogleLogo />
      Continue with Google
    </Button>
  );
}
