import { Alert, Box, Typography } from '@mui/material';
import type { BulkCheck } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { useNumberList } from './BulkParts';
import { BulkTicketTable } from './BulkTicketTable';
import type { BulkEditKind } from './bulk-forms';
import { checkVerdict } from './bulk-forms';

/** A ticket field's name as the ticket page labels it (e.g. contractorCompanyId → 'Contractor'). */
function useFieldName() {
  const translate = useTranslate();
  return (field: string) => translate(`portal.tickets.fields.${field}`, { _: field });
}

/** What the check found: the spec's messages, the conflicts and the received numbers left out. */
export const CheckSummary = ({
  kind,
  check,
  forceUpdate,
  clearedFields,
}: {
  kind: BulkEditKind;
  check: BulkCheck;
  forceUpdate: boolean;
  clearedFields: string;
}) => {
  const translate = useTranslate();
  const fieldName = useFieldName();
  const numberList = useNumberList();
  const verdict = checkVerdict(check);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {verdict === 'allReceived' ? (
        <Alert severity="info">{translate('portal.bulk.update.allReceived')}</Alert>
      ) : (
        <Typography variant="body2">
          {kind === 'update'
            ? translate('portal.bulk.update.count', { smart_count: check.count })
            : translate('portal.bulk.clear.count', { smart_count: check.count, fields: clearedFields })}
        </Typography>
      )}
      {kind === 'update' && verdict === 'noConflicts' && (
        <Alert severity="success">{translate('portal.bulk.update.noConflicts')}</Alert>
      )}
      {kind === 'update' && verdict === 'conflicts' && (
        <Alert severity={forceUpdate ? 'warning' : 'info'} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Typography variant="body2">
            {translate('portal.bulk.update.conflicts', { smart_count: check.results.length })}
          </Typography>
          <BulkTicketTable
            label={translate('portal.bulk.update.conflictFields')}
            headers={[translate('portal.bulk.update.ticket'), translate('portal.bulk.update.conflictFields')]}
            rows={check.results.map((result) => ({
              ticketNumber: result.ticketNumber,
              text: result.fields.map(fieldName).join(', '),
            }))}
          />
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
            {translate(
              forceUpdate ? 'portal.bulk.update.conflictsForced' : 'portal.bulk.update.conflictsKept',
            )}
          </Typography>
        </Alert>
      )}
      {check.excludedTicketNumbers.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('portal.bulk.update.excluded', { numbers: numberList(check.excludedTicketNumbers) })}
        </Typography>
      )}
    </Box>
  );
};
