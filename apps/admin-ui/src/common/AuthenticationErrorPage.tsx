import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { NoticePage } from './NoticePage';

/** Shown when the session could not be checked (the API unreachable, say), rather than an empty screen. */
export const AuthenticationErrorPage = () => (
  <NoticePage
    title="ra.page.authentication_error"
    message="ra.message.authentication_error"
    icon={<WarningAmberIcon color="warning" fontSize="large" />}
  />
);
