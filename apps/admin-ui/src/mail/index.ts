import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import { OutboxList } from './OutboxList';
import { OutboxMailPage } from './OutboxMailPage';

/** The mail outbox of embedded mode, for administrators: /outbox and /outbox/{id}. */
export default { list: OutboxList, mail: OutboxMailPage, icon: MailOutlineIcon };
