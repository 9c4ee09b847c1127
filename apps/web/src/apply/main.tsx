import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApplyApp } from './apply-app.tsx';
import { signerTokenFromPath } from './apply-api.ts';
import { SignerApp } from './signer-app.tsx';
import './apply.css';

/**
 * The merchant's own entry (docs/decisions/097): built apart from the staff app (vite.apply.config.ts),
 * with no staff shell, store or API client, so it adds nothing to the staff pages and they add
 * nothing to it.
 */
const signerToken = signerTokenFromPath(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>{signerToken ? <SignerApp token={signerToken} /> : <ApplyApp />}</StrictMode>,
);
