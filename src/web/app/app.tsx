import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AuthProvider, useAuth } from './auth-provider';
import { LoadingScreen } from './loading-screen';
import type { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Pages render only once the session is known, so none of them sees a half-loaded auth state. */
function AuthGate({ router }: { router: AppRouter }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  return <RouterProvider router={router} />;
}

export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AuthGate router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
