import '@fontsource/inter/300.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppStart } from './app-start.tsx';
import { StartProviders } from './start-providers.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render at transition priority: React renders it in slices (the providers, the
// theme's global styles) instead of one task before the first paint (decision 058).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <StartProviders>
        <AppStart />
      </StartProviders>
    </StrictMode>,
  ),
);
