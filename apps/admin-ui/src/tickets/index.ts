import { TicketAudit } from './TicketAudit';
import { TicketLog } from './TicketLog';
import { TicketPage } from './TicketPage';

/** The tickets slice: a ticket's page (public with its hash link), its log and the auditors' history. */
export default { page: TicketPage, log: TicketLog, audit: TicketAudit };
