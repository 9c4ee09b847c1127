import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { ErrorScreen } from './error-screen.tsx';

export function ServerErrorPage() {
  return (
    <ErrorScreen
      code="500"
      title="Internal server error"
      text="Oops, something went wrong! Please try again in a moment."
      icon={ReportProblemOutlined}
    />
  );
}
