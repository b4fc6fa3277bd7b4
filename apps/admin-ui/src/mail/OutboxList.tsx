import AttachFileIcon from '@mui/icons-material/AttachFile';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Card,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { formatDateTime } from '../i18n/dates';
import { PageTitle } from '../layout/PageTitle';
import { outboxMailPath, useOutbox } from './outbox';

/**
 * /outbox, for administrators: in embedded mode (no SMTP server) the portal keeps its mails instead of
 * sending them (exports, reports); this lists them, newest first.
 */
export const OutboxList = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending, isFetching, error, refetch } = useOutbox();
  useNotifyLoadError(error);
  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title="portal.outbox.title" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {translate('portal.outbox.intro')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
          {translate('ra.action.refresh')}
        </Button>
      </Box>
      <Card>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        <TableContainer>
          <Table size="small" aria-label={translate('portal.outbox.title')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 200 }}>{translate('portal.outbox.createdAt')}</TableCell>
                <TableCell>{translate('portal.outbox.to')}</TableCell>
                <TableCell>{translate('portal.outbox.subject')}</TableCell>
                <TableCell>{translate('portal.outbox.attachments')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!isPending && (data?.length ?? 0) === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>{translate('portal.outbox.empty')}</TableCell>
                </TableRow>
              )}
              {data?.map((mail) => (
                <TableRow
                  key={mail.id}
                  hover
                  onClick={() => navigate(outboxMailPath(mail.id))}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(new Date(mail.createdAt))}
                  </TableCell>
                  <TableCell>{mail.to.join(', ')}</TableCell>
                  <TableCell>
                    {/* The link makes the row reachable by keyboard; the row's click is a shortcut for the mouse. */}
                    <Link
                      component={RouterLink}
                      to={outboxMailPath(mail.id)}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {mail.subject || translate('portal.outbox.noSubject')}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {mail.attachments.length > 0 && (
                      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        <AttachFileIcon fontSize="small" aria-hidden />
                        {mail.attachments.map((attachment) => attachment.filename).join(', ')}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </Box>
  );
};
