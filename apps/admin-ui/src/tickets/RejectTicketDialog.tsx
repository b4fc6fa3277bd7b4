import { ReasonDialog, type ReasonDialogOpening } from './ReasonDialog';
import { rejectReasonRequired } from './ticket-validation';

/** Reject asks for a reason (required) before POST /api/ticket/reject. */
export const RejectTicketDialog = (opening: ReasonDialogOpening) => (
  <ReasonDialog
    {...opening}
    title="portal.tickets.reject.title"
    reasonLabel="portal.tickets.reject.reason"
    reasonRequired={rejectReasonRequired}
    confirmLabel="portal.tickets.reject.confirm"
    confirmColor="error"
  />
);
