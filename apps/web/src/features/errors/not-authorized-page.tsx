import LockOutlined from '@mui/icons-material/LockOutlined';
import { ErrorScreen } from './error-screen.tsx';

/** Shown in place of any page the user's ability does not allow. Texts are exact. */
export function NotAuthorizedPage() {
  return (
    <ErrorScreen
      code="401"
      title="You are not authorized!"
      text="You don't have permission to access this page. Go Home!"
      icon={LockOutlined}
    />
  );
}
