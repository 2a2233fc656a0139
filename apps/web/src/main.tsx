import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './styles.css';

// Fetched beside the app rather than inside its first script (the home page's 100 KB budget): it is in place
// long before a picture can come back refused.
void import('./lib/image-retry.ts').then((m) => m.retryFailedImages());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
