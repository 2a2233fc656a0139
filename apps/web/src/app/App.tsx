import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppLinkProvider } from '../components/AppLink.tsx';
import { ApiError } from '../lib/api.ts';
import { AppRoutes } from './router.tsx';

/** The browser's query defaults; the server's render uses its own client (entry-server.tsx). */
export const queryDefaults = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // A refusal drawn once stays drawn when its screen comes back (its Try again asks anew): a server-rendered
    // not-found page is taken over as it is, instead of being asked for again while it hydrates.
    retryOnMount: false,
    // A refusal (4xx) will not change by asking again; a network blip might.
    retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  },
};

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });

/**
 * The app under a router: BrowserRouter in the browser (main.tsx), StaticRouter on the server (entry-server.tsx).
 * Everything inside is the same tree on both sides, so the server's HTML hydrates as it is.
 */
export function App({ client, router: Router }: { client: QueryClient; router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Router>
        <AppLinkProvider>
          <AppRoutes />
        </AppLinkProvider>
      </Router>
    </QueryClientProvider>
  );
}
