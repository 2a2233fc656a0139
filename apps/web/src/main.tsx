import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { afterFirstLook } from './lib/first-paint.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

// Fetched beside the app rather than inside its first script (the home page's 100 KB budget): it is in place
// long before a picture can come back refused.
void import('./lib/image-retry.ts').then((m) => m.retryFailedImages());

const start = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The HTML's first look (the header, a landing page's largest picture) is shown before the app replaces it.
afterFirstLook(start);
registerServiceWorker();
