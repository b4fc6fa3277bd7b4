import DownloadIcon from '@mui/icons-material/Download';
import { endpoints } from '@portal/contract';
import { useState } from 'react';
import { Button, useLogoutIfAccessDenied } from 'react-admin';
import { saveFile } from '../common/save-file';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { apiDownload } from '../dataProvider/http-client';

/** The server's name for the file, should its Content-Disposition header go missing. */
function fallbackFileName(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `transport-company-export-${date}.xlsx`;
}

/** 'Export to spreadsheet' on /transports: every truck by company, as the .xlsx the API builds. */
export const ExportTransportsButton = () => {
  const [exporting, setExporting] = useState(false);
  const notifyError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  const exportTransports = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await apiDownload(endpoints.getTransportcompanyExport, {});
      saveFile(blob, fileName ?? fallbackFileName(new Date()));
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button label="portal.transports.export" onClick={exportTransports} disabled={exporting}>
      <DownloadIcon />
    </Button>
  );
};
