import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Divider, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { formatDateTime } from '../i18n/dates';
import { PageTitle } from '../layout/PageTitle';
import { AttachmentButton } from './AttachmentButton';
import { outboxPath, useOutboxMail } from './outbox';

const Line = ({ label, value }: { label: string; value: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
        {translate(label)}:
      </Box>
      {value}
    </Typography>
  );
};

/**
 * /outbox/{id}: one kept mail. The HTML body is shown in a sandboxed frame (no scripts, no same-origin
 * access, so a mail can neither run code nor reach the session); attachments download with the token.
 */
export const OutboxMailPage = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data: mail, isPending, error } = useOutboxMail(id);
  useNotifyLoadError(error);
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <PageTitle title="portal.outbox.title" />
      <Box>
        <Button component={RouterLink} to={outboxPath} startIcon={<ArrowBackIcon />}>
          {translate('portal.outbox.back')}
        </Button>
      </Box>
      <Card>
        <Box sx={{ height: 4 }}>{isPending && <LinearProgress />}</Box>
        {mail && (
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {mail.subject || translate('portal.outbox.noSubject')}
            </Typography>
            <Line label="portal.outbox.to" value={mail.to.join(', ')} />
            <Line label="portal.outbox.createdAt" value={formatDateTime(new Date(mail.createdAt))} />
            {mail.attachments.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {translate('portal.outbox.attachments')}:
                </Typography>
                {mail.attachments.map((attachment, index) => (
                  <AttachmentButton
                    // Attachments are addressed by position; a name may repeat.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the position is the attachment's id
                    key={index}
                    mailId={mail.id}
                    index={index}
                    attachment={attachment}
                  />
                ))}
              </Box>
            )}
            <Divider sx={{ my: 1 }} />
            {mail.html ? (
              <Box
                component="iframe"
                title={translate('portal.outbox.body')}
                sandbox=""
                srcDoc={mail.html}
                referrerPolicy="no-referrer"
                sx={{
                  width: '100%',
                  height: 560,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#fff',
                }}
              />
            ) : (
              <Box
                component="pre"
                aria-label={translate('portal.outbox.text')}
                sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', m: 0 }}
              >
                {mail.text}
              </Box>
            )}
          </CardContent>
        )}
      </Card>
    </Box>
  );
};
