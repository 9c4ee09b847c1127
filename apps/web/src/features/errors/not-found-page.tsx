import SearchOff from '@mui/icons-material/SearchOff';
import { ErrorScreen } from './error-screen.tsx';

export function NotFoundPage() {
  return (
    <ErrorScreen
      code="404"
      title="Page Not Found"
      text="We couldn't find the page you are looking for."
      icon={SearchOff}
    />
  );
}
