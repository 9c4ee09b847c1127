import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A bare page (sign-in, landing, error pages): only the main landmark, no menu or top bar. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      id="main-content"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      {children}
    </Box>
  );
}
