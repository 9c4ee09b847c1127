import type { MessageDelivery } from '@boardwalk/shared/schemas/message';
import { Alert, AlertTitle, type SxProps, type Theme } from '@mui/material';
import { api } from '../lib/api.ts';

/**
 * Whether emails reach a mail server (GET /api/templates/delivery). Here, not in a feature: the
 * emails log and the template editor both say it (decision 082).
 */
const mailDeliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    messageDelivery: build.query<MessageDelivery, void>({ query: () => '/api/templates/delivery' }),
  }),
});

export const { useMessageDeliveryQuery } = mailDeliveryApi;

/** Says plainly that emails go nowhere while no mail server is configured; nothing otherwise. */
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
