import SearchOffIcon from '@mui/icons-material/SearchOff';
import { NoticePage } from './NoticePage';

/** An address that is no page of the portal: says so plainly and leads back (issue 15, item 12). */
export const NotFoundPage = () => (
  <NoticePage
    title="portal.notFound.title"
    message="portal.notFound.message"
    icon={<SearchOffIcon color="action" fontSize="large" />}
  />
);
