import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Boardwalk mark (a boardwalk's planks and posts) with the portal name beside it. */
export function BrandLogo({ name, size = 30 }: { name?: string; size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden="true"
        sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}
      >
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M6 21h20v3H6zM8 11h3v8H8zm6.5 0h3v8h-3zM21 11h3v8h-3zM5 8l11-4 11 4v2H5z" fill="#fff" />
      </Box>
      {name ? (
        <Typography
          component="span"
          variant="h6"
          sx={{ fontWeight: 600, letterSpacing: '0.15px', color: 'text.primary' }}
        >
          {name}
        </Typography>
      ) : null}
    </Box>
  );
}
