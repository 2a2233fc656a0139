import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, queryClient } from './app/App.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { unpackQueries } from './lib/ssr-data.ts';
import './styles.css';

// Fetched beside the app rather than inside its first script: it is in place long before a picture can come back refused.
void import('./lib/image-retry.ts').then((m) => m.retryFailedImages());

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App client={queryClient} router={BrowserRouter} />
  </StrictMode>
);
// A server-rendered page (apps/server modules/pages) carries its answers: the first render draws what the server
// drew and React takes the HTML over; a page served without them is drawn from scratch.
if (unpackQueries(queryClient)) hydrateRoot(root, app);
else createRoot(root).render(app);
registerServiceWorker();
