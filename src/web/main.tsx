import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';

// Created before the first render so the first page's chunk downloads while the session loads.
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
