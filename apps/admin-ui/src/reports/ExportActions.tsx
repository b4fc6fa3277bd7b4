import DownloadIcon from '@mui/icons-material/Download';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { endpoints, type ReportColumnKey } from '@portal/contract';
import { useState } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { saveFile } from '../common/save-file';
import { apiDownload } from '../dataProvider/http-client';
import { DefaultEmail, MailState, useMailedExport, useOwnUsername } from '../jobs/MailedExport';
import { RunProgress } from '../jobs/RunProgress';
import { SubmitButton, serverFieldErrors } from '../tickets/dashboard/bulk/BulkParts';
import { exportEmailError } from '../tickets/dashboard/bulk/bulk-forms';
import { exportBody, type ReportRequest } from './report-form';

/** 'Export' (the .xlsx the server names from the title) and 'E-mail export' (a queued run, mailed). */
export const ExportActions = ({
  request,
  columns,
}: {
  request: ReportRequest | null;
  columns: ReportColumnKey[];
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const username = useOwnUsername();
  const [downloading, setDownloading] = useState(false);
  const { run, busy, send } = useMailedExport(endpoints.postTicketReportExcel);

  const download = async () => {
    if (!request) return;
    setDownloading(true);
    try {
      const { blob, fileName } = await apiDownload(endpoints.postTicketReportExcel, {
        body: exportBody(request, columns),
      });
      saveFile(blob, fileName ?? `${request.title}.xlsx`);
    } catch (error) {
      const message = translate(error instanceof Error ? error.message : 'portal.errors.unexpected');
      notify('portal.reports.export.downloadFailed', { type: 'error', messageArgs: { message } });
    } finally {
      setDownloading(false);
    }
  };

  const mail = async (values: FieldValues) => {
    if (!request) return undefined;
    const email = String(values.email ?? '').trim();
    const { error } = await send(exportBody(request, columns, email), email);
    return error ? serverFieldErrors(error) : undefined;
  };

  return (
    <Box sx={{ mt: 1 }}>
      {!request && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('portal.reports.export.needsRun')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
        <Box sx={{ pt: 1, pb: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void download()}
            disabled={!request || downloading}
            startIcon={
              downloading ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />
            }
          >
            {translate('portal.reports.export.download')}
          </Button>
        </Box>
        <Form defaultValues={{ email: '' }} onSubmit={mail} noValidate>
          <DefaultEmail email={username.data} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
            <TextInput
              source="email"
              type="email"
              label="portal.reports.export.email"
              validate={exportEmailError}
              autoComplete="email"
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
            <SubmitButton
              label="portal.reports.export.send"
              icon={<ForwardToInboxIcon />}
              busy={busy}
              disabled={!request}
            />
          </Box>
        </Form>
      </Box>
      <RunProgress run={run} label="portal.reports.export.running" />
      <MailState run={run} />
    </Box>
  );
};
