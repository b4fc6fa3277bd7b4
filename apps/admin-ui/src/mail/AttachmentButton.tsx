import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button } from '@mui/material';
import { endpoints } from '@portal/contract';
import { useState } from 'react';
import { useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { saveFile } from '../common/save-file';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { apiDownload } from '../dataProvider/http-client';
import { sizeText } from './outbox';

/** Downloads one attachment of a kept mail, with the session's token (a plain link would carry none). */
export const AttachmentButton = ({
  mailId,
  index,
  attachment,
}: {
  mailId: number;
  index: number;
  attachment: { filename: string; size: number };
}) => {
  const translate = useTranslate();
  const notifyError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [downloading, setDownloading] = useState(false);
  const size = sizeText(attachment.size);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await apiDownload(endpoints.getMailOutboxByIdAttachmentsByIndex, {
        params: { id: mailId, index },
      });
      saveFile(blob, fileName ?? attachment.filename);
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<AttachFileIcon />}
      onClick={download}
      disabled={downloading}
      aria-label={translate('portal.outbox.download', { filename: attachment.filename })}
      sx={{ textTransform: 'none' }}
    >
      {attachment.filename} ({translate(size.key, size.args)})
    </Button>
  );
};
