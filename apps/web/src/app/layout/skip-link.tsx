import Link from '@mui/material/Link';

/** First tab stop: jump over the menu and top bar to the page content. */
export function SkipLink() {
  return (
    <Link
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Link>
  );
}
