import './lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';

// Before the first render, so the first page's chunk downloads while the session loads.
preloadPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

const root = createRoot(container);
// A transition: React renders the first page in slices of a few milliseconds and lets the browser
// in between, instead of one long task that blocks a slow phone's main thread.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
