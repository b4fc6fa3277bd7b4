import { endpoints } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { call } from '../dataProvider/http-client';
import { useToastFailure } from '../tickets/useTicket';

/** Apart from the ticket's own key, which a call's answer replaces wholesale. */
export const externalReceiptQueryKey = (ticketId: number) =>
  ['tickets', 'soilflo-receipt', ticketId] as const;

/** A pending report is retried by a queued job: its state is looked at again this often. */
const PENDING_POLL_MS = 3000;

/** GET /api/ticket/{id}/soilflo-receipt: where reporting the latest receipt to SoilFLO stands (null: none). */
export function useExternalReceipt(ticketId: number) {
  return useQuery({
    queryKey: externalReceiptQueryKey(ticketId),
    queryFn: () => call(endpoints.getTicketByIdSoilfloReceipt, { params: { id: ticketId } }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** Administrators: POST …/soilflo-receipt/resend sends a failed report again. */
export function useResendReceipt(ticketId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const toastFailure = useToastFailure();
  return useMutation({
    mutationFn: () => call(endpoints.postTicketByIdSoilfloReceiptResend, { params: { id: ticketId } }),
    onSuccess: (receipt) => {
      queryClient.setQueryData(externalReceiptQueryKey(ticketId), receipt);
      notify('portal.tickets.external.receipt.resent', { type: 'info' });
    },
    onError: (error) => toastFailure(error),
  });
}
