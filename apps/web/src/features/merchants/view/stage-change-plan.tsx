import type { MerchantStagePreview } from '@boardwalk/shared/schemas/merchant';
import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';

type Action = MerchantStagePreview['actions'][number];

/** Whether the change reaches outside Boardwalk (an email, an SMS, a webhook): confirmed first. */
export const reachesOutside = (actions: Action[]) => actions.some((a) => a.outward);

/**
 * What a stage change would set off, as the workflow's dry run describes it: the outward actions
 * first (they are why the person is asked), then what changes inside Boardwalk.
 */
export function StageChangePlan({ stageName, actions }: { stageName: string; actions: Action[] }) {
  const outward = actions.filter((a) => a.outward);
  const inside = actions.filter((a) => !a.outward);
  return (
    <Box sx={{ px: 3, py: 2 }}>
      <Typography sx={{ mb: 1 }}>Moving the merchant to {stageName} will also:</Typography>
      <List dense aria-label="Reaches outside Boardwalk" sx={{ listStyle: 'disc', pl: 2 }}>
        {outward.map((a, i) => (
          <ListItem key={`o${i}`} sx={{ display: 'list-item', py: 0 }}>
            <ListItemText primary={sentence(a)} secondary={a.ok ? source(a) : `Would fail now · ${source(a)}`} />
          </ListItem>
        ))}
      </List>
      {inside.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Inside Boardwalk:
          </Typography>
          <List dense aria-label="Inside Boardwalk" sx={{ listStyle: 'disc', pl: 2 }}>
            {inside.map((a, i) => (
              <ListItem key={`i${i}`} sx={{ display: 'list-item', py: 0 }}>
                <ListItemText primary={sentence(a)} secondary={source(a)} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Alert severity="info" sx={{ mt: 1 }}>
        Emails, SMS and webhooks cannot be called back once sent.
      </Alert>
    </Box>
  );
}

/** "Would send email “Welcome” to maria@…" reads as what will happen: "Sends email …". */
function sentence(action: Action): string {
  if (!action.ok) return action.summary;
  if (action.type === 'webhook')
    return action.summary.replace(/^Would POST .* to (\S+?),? signed.*$/, 'Calls webhook $1');
  return action.summary.replace(/^Would (\w+)/, (_m, verb: string) => capital(thirdPerson(verb)));
}

function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const source = (a: Action) => (a.source === 'automation' ? `Automation “${a.automationName ?? ''}”` : 'Stage action');
