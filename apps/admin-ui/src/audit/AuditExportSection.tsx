import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { endpoints } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { saveFile } from '../common/save-file';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { apiDownload } from '../dataProvider/http-client';
import { Section } from './AuditSections';

type Scope = 'ticket' | 'project' | 'days';

const wholeId = (text: string) => (/^[1-9]\d{0,8}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The export's query for what the form holds, or null while it holds no complete choice. */
function exportQuery(scope: Scope, id: string, from: string, to: string) {
  if (scope === 'days') return from && to && from <= to ? { from, to } : null;
  const chosen = wholeId(id);
  return chosen === null ? null : { [scope]: chosen };
}

/** The Audit page's verifiable export of a ticket, a project or a range of days, saved as the API names it. */
export const AuditExportSection = () => {
  const translate = useTranslate();
  const notifyError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [scope, setScope] = useState<Scope>('ticket');
  const [id, setId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const query = exportQuery(scope, id, from, to);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    if (!query) return;
    setExporting(true);
    try {
      const { blob, fileName } = await apiDownload(endpoints.getAuditExport, { query });
      saveFile(blob, fileName ?? 'audit-export.json');
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const field = { size: 'small', sx: { width: { xs: '100%', sm: '12rem' } } } as const;
  return (
    <Section id="exports-title" title="portal.audit.exports">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('portal.audit.exportsHelp')}
      </Typography>
      <Box component="form" onSubmit={download} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          {...field}
          select
          label={translate('portal.audit.exportOf')}
          value={scope}
          onChange={(event) => setScope(event.target.value as Scope)}
        >
          {(['ticket', 'project', 'days'] as const).map((each) => (
            <MenuItem key={each} value={each}>
              {translate(`portal.audit.scopes.${each}`)}
            </MenuItem>
          ))}
        </TextField>
        {scope === 'days' ? (
          (
            [
              ['from', from, setFrom],
              ['to', to, setTo],
            ] as const
          ).map(([name, value, setValue]) => (
            <TextField
              key={name}
              {...field}
              type="date"
              label={translate(`portal.audit.${name}`)}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))
        ) : (
          <TextField
            {...field}
            label={translate(scope === 'ticket' ? 'portal.audit.ticketId' : 'portal.audit.projectId')}
            value={id}
            onChange={(event) => setId(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
        <Button type="submit" variant="outlined" startIcon={<DownloadIcon />} disabled={!query || exporting}>
          {translate(exporting ? 'portal.audit.downloading' : 'portal.audit.download')}
        </Button>
      </Box>
    </Section>
  );
};
