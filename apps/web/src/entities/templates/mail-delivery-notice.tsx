import { Alert, AlertTitle, type SxProps, type Theme } from '@mui/material';
import { useMessageDeliveryQuery } from './api.ts';

/**
 * Says plainly (on the emails log and in the template editor, so beside the templates' entity) that emails go
 * nowhere while no mail server is configured; nothing otherwise (decision 082).
 */
export function NoMailServerNotice({ sx }: { sx?: SxProps<Theme> }) {
  const { data } = useMessageDeliveryQuery();
  if (data?.mailServerConfigured !== false) return null;
  return (
    <Alert severity="warning" role="status" sx={sx}>
      <AlertTitle>No mail server is configured</AlertTitle>
      Emails are only logged here and reach nobody. An administrator can set the SMTP server in Settings (or SMTP_URL
      where the portal runs).
    </Alert>
  );
}
