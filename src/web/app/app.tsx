import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '#web/lib/query-client.ts';
import { AuthProvider, useAuth } from './auth-provider';
import { LoadingScreen } from './loading-screen';
import { ErrorBoundary, RootError } from './route-error';
import { AppRoutes } from './router';

/** Pages render only once the session is known, so none of them sees a half-loaded auth state. */
function AuthGate() {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={<RootError />}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
