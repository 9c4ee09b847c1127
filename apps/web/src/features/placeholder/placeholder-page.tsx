import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** The page of a menu entry whose screen comes with a later issue: it names the page. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">This page is not built yet.</Typography>
      </CardContent>
    </Card>
  );
}
