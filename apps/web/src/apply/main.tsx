import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApplyApp } from './apply-app.tsx';
import './apply.css';

/**
 * The merchant's own entry (docs/decisions/097): built apart from the staff app (vite.apply.config.ts),
 * with no staff shell, store or API client, so it adds nothing to the staff pages and they add
 * nothing to it.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApplyApp />
  </StrictMode>,
);
