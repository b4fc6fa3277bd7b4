import { ReasonDialog } from './ReasonDialog';
import { rejectReasonRequired } from './ticket-validation';

/** Reject asks for a reason (required) before POST /api/ticket/reject. */
export const RejectTicketDialog = ({
  open,
  onClose,
  onReject,
}: {
  open: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) => (
  <ReasonDialog
    open={open}
    onClose={onClose}
    onConfirm={onReject}
    title="portal.tickets.reject.title"
    reasonLabel="portal.tickets.reject.reason"
    reasonRequired={rejectReasonRequired}
    confirmLabel="portal.tickets.reject.confirm"
    confirmColor="error"
  />
);
