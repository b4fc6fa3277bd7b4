import SettingsIcon from '@mui/icons-material/Settings';
import { SettingsPage } from './SettingsPage';

/** The site settings: one page at /settings, for administrators. */
export default { page: SettingsPage, icon: SettingsIcon };
