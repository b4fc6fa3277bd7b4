import SummarizeIcon from '@mui/icons-material/Summarize';
import { Box, Button, CircularProgress, LinearProgress } from '@mui/material';
import { endpoints } from '@portal/contract';
import { useNotify, useTranslate } from 'react-admin';
import { isMailQueued, mailDeliveryOf, runPercent } from '../jobs/run';
import { runRequest, useRun } from '../jobs/useRun';

/**
 * 'Generate Projects Report' on /contractors: the server builds the report in a
 * run and e-mails it. 'Generating report, please wait...' while it goes, then 'Projects report generated
 * successfully.' or 'Failed to generate projects report.'.
 */
export const GenerateProjectsReportButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { run, busy, start } = useRun({
    // The report is built, then mailed: wait for the mail too.
    settled: (finished) => !isMailQueued(finished),
    onFinished: (finished) => {
      const ok = finished.state === 'completed' && mailDeliveryOf(finished)?.state !== 'failed';
      notify(ok ? 'portal.contractors.projectsReport.success' : 'portal.contractors.projectsReport.failed', {
        type: ok ? 'success' : 'error',
      });
    },
    onError: () => notify('portal.contractors.projectsReport.failed', { type: 'error' }),
  });

  const generate = () => {
    notify('portal.contractors.projectsReport.generating', { type: 'info' });
    void start(runRequest(endpoints.getTicketReportProjects, { query: { ignoreLock: 'true' } }));
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'stretch' }}>
      <Button
        onClick={generate}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SummarizeIcon />}
      >
        {translate('portal.contractors.projectsReport.button')}
      </Button>
      <Box sx={{ height: 4 }}>
        {busy && run && (
          <LinearProgress
            variant="determinate"
            value={runPercent(run)}
            aria-label={translate('portal.contractors.projectsReport.generating')}
          />
        )}
      </Box>
    </Box>
  );
};
