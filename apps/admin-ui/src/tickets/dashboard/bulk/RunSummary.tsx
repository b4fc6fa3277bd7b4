import { Alert, Typography } from '@mui/material';
import type { BulkEditRunResult } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { BulkTicketTable } from './BulkTicketTable';
import type { BulkEditKind } from './bulk-forms';

/** The end of a run: how many tickets changed, and which were skipped and why. */
export const RunSummary = ({ kind, result }: { kind: BulkEditKind; result: BulkEditRunResult }) => {
  const translate = useTranslate();
  const skipped = result.skipped ?? [];
  return (
    <Alert
      severity={skipped.length > 0 ? 'warning' : 'success'}
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate(`portal.bulk.${kind}.summary`, { smart_count: result.updated ?? 0 })}
      </Typography>
      {skipped.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('portal.bulk.update.skipped', { smart_count: skipped.length })}
          </Typography>
          <BulkTicketTable
            label={translate('portal.bulk.update.skipped', { smart_count: skipped.length })}
            headers={[translate('portal.bulk.update.ticket'), translate('portal.bulk.update.reason')]}
            rows={skipped.map((entry) => ({ ticketNumber: entry.ticketNumber, text: entry.reason }))}
          />
        </>
      )}
    </Alert>
  );
};
