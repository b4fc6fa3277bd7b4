import { Nullable } from '@portal/domain';
import { ExternalReceiptSchema } from '../external-loads';
import { IdParams, okResponses } from '../http';
import { endpoint } from './endpoint';

export const soilfloEndpoints = {
  getTicketByIdSoilfloReceipt: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/soilflo-receipt',
    access: 'user',
    tags: ['tickets'],
    summary:
      "Where reporting the ticket's latest receipt back to SoilFLO stands; null when none was to be reported",
    params: IdParams,
    response: okResponses(Nullable(ExternalReceiptSchema)),
  }),
  postTicketByIdSoilfloReceiptResend: endpoint({
    method: 'POST',
    path: '/api/ticket/:id/soilflo-receipt/resend',
    access: 'admin',
    tags: ['tickets'],
    summary: "Sends a failed report of the ticket's latest receipt to SoilFLO again (a new round of retries)",
    params: IdParams,
    response: okResponses(ExternalReceiptSchema),
  }),
};
