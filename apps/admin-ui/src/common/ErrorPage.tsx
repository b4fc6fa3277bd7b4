import ReportIcon from '@mui/icons-material/Report';
import { useResetErrorBoundaryOnLocationChange } from 'react-admin';
import type { FallbackProps } from 'react-error-boundary';
import { NoticePage } from './NoticePage';

/** A screen that failed to render: says so plainly and leads back; moving to another page retries. */
export const ErrorPage = ({ resetErrorBoundary }: Pick<FallbackProps, 'resetErrorBoundary'>) => {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return (
    <NoticePage
      title="ra.page.error"
      message="ra.message.error"
      icon={<ReportIcon color="error" fontSize="large" />}
    />
  );
};
