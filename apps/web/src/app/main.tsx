import '@fontsource/inter/300.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { CoreProviders } from './core-providers.tsx';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <CoreProviders>
      <RouterProvider router={router} />
    </CoreProviders>
  </StrictMode>,
);
