import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppLinkProvider } from '../components/AppLink.tsx';
import { ApiError } from '../lib/api.ts';
import { AppRoutes } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change by asking again; a network blip might.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppLinkProvider>
          <AppRoutes />
        </AppLinkProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
