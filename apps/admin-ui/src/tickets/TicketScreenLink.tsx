import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HistoryIcon from '@mui/icons-material/History';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { haulageRecordPath } from './dashboard/dashboard-ticket';
import { digitalTicketPath } from './records/record-links';
import { ticketAuditPath, ticketLogPath, ticketPath } from './ticket';

/** A ticket's screens, each with its link's words and icon. */
const screens = {
  ticket: { path: ticketPath, label: 'portal.tickets.backToTicket', Icon: ArrowBackIcon },
  log: { path: ticketLogPath, label: 'portal.tickets.log.link', Icon: HistoryIcon },
  audit: { path: ticketAuditPath, label: 'portal.tickets.audit.link', Icon: ManageSearchIcon },
  digital: { path: digitalTicketPath, label: 'portal.records.digitalTicket.link', Icon: QrCode2Icon },
  haulageRecord: {
    path: (id: string) => haulageRecordPath(Number(id)),
    label: 'portal.dashboard.haulageRecord',
    Icon: ReceiptLongIcon,
  },
};

/** A link from one of a ticket's screens to another: the ticket page, its log, event history, digital ticket or haulage record. */
export const TicketScreenLink = ({
  id,
  to,
  size,
}: {
  id: string;
  to: keyof typeof screens;
  size?: 'small';
}) => {
  const translate = useTranslate();
  const { path, label, Icon } = screens[to];
  return (
    <Button component={Link} to={path(id)} startIcon={<Icon />} size={size}>
      {translate(label)}
    </Button>
  );
};
