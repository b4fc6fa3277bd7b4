import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { endpoints } from '@portal/contract';
import { useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DayInput } from '../common/DateInputs';
import { isMailQueued, mailDeliveryOf } from '../jobs/run';
import { runRequest, useRun } from '../jobs/useRun';
import { SubmitButton } from '../tickets/dashboard/bulk/BulkParts';

type Outcome = 'success' | 'failed';

/** GET /api/ticket/report/daily-summary: the chosen day (YYYY-MM-DD), or the server's today when none. */
const dailySummary = (selectedDate: unknown) => {
  const day = typeof selectedDate === 'string' ? selectedDate.slice(0, 10) : '';
  return runRequest(endpoints.getTicketReportDailySummary, {
    query: { ignoreLock: 'true', ...(day ? { selectedDate: day } : {}) },
  });
};

/**
 * The Template tab's 'Daily Summary Report': an optional date and 'Send Report'.
 * 'Generating report, please wait...' while the run goes and its mail waits, then 'Report generated
 * successfully! Please check your email.' or 'Error generating report. Please try again.'.
 */
export const DailySummaryReport = () => {
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { busy, start } = useRun({
    settled: (finished) => !isMailQueued(finished),
    onFinished: (finished) =>
      setOutcome(
        finished.state === 'completed' && mailDeliveryOf(finished)?.state !== 'failed' ? 'success' : 'failed',
      ),
    onError: () => setOutcome('failed'),
  });

  const send = async (values: FieldValues) => {
    setOutcome(null);
    await start(dailySummary(values.selectedDate));
  };

  return (
    <Box component="section" aria-labelledby="daily-summary-title" sx={{ maxWidth: 560 }}>
      <Typography id="daily-summary-title" variant="h6" component="h2">
        {translate('portal.reports.dailySummary.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('portal.reports.dailySummary.intro')}
      </Typography>
      <Form defaultValues={{ selectedDate: null }} onSubmit={send} noValidate>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
          <DayInput
            source="selectedDate"
            label="portal.reports.dailySummary.date"
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <SubmitButton label="portal.reports.dailySummary.send" icon={<SendIcon />} busy={busy} />
        </Box>
      </Form>
      <Box role="status" aria-live="polite">
        {busy && (
          <Alert severity="info" icon={false}>
            {translate('portal.reports.dailySummary.generating')}
            <LinearProgress sx={{ mt: 1 }} />
          </Alert>
        )}
        {!busy && outcome && (
          <Alert severity={outcome === 'success' ? 'success' : 'error'}>
            {translate(`portal.reports.dailySummary.${outcome}`)}
          </Alert>
        )}
      </Box>
    </Box>
  );
};
