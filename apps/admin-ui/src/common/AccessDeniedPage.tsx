import BlockIcon from '@mui/icons-material/Block';
import { NoticePage } from './NoticePage';

/** Shown in place of an administrators' screen to a standard user; the API refuses them with 403 as well. */
export const AccessDeniedPage = () => (
  <NoticePage
    title="portal.accessDenied.title"
    message="portal.accessDenied.message"
    icon={<BlockIcon color="error" fontSize="large" />}
  />
);
