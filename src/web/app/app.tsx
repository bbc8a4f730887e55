import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '#web/lib/query-client.ts';
import { AuthProvider } from './auth-provider';
import { ErrorBoundary, RootError } from './route-error';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={<RootError />}>
      <QueryClientProvider client={queryClient}>
        {/* The shell and public content render at once; while a member's profile loads, pages show
            their own loading state for the personal parts (docs/decisions/003). */}
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
