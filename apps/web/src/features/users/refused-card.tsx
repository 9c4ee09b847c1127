import { Card, CardContent, CardHeader, Typography } from '@mui/material';

/** A card whose action the signed-in user may not take: its title and why (the shared rule's reason). */
export function RefusedCard({ title, reason }: { title: string; reason: string }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {reason}
        </Typography>
      </CardContent>
    </Card>
  );
}
