import {
  Alert,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Seal } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { PhoneOrTable } from '../common/PhoneOrTable';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';

const digestSx = { fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' } as const;

/**
 * Every seal, newest first: when, why, what it covers, its digest (the signed Merkle root) and its key;
 * `undefined` while they load (counted as none, they would read 'No seal yet' for a moment).
 */
export const SealsTable = ({ seals }: { seals: Seal[] | undefined }) => {
  const translate = useTranslate();
  const reason = (seal: Seal) => translate(`portal.audit.sealReasons.${seal.reason}`);
  const covers = (seal: Seal) =>
    translate('portal.audit.covers', { streams: seal.streams, smart_count: seal.events });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="seals-title" sx={{ p: 2 }}>
      <Typography id="seals-title" variant="h6" component="h2" gutterBottom>
        {seals
          ? translate('portal.audit.seals', { smart_count: seals.length })
          : translate('portal.audit.sealsLoading')}
      </Typography>
      {!seals ? (
        <LinearProgress aria-labelledby="seals-title" />
      ) : seals.length === 0 ? (
        <Alert severity="info">{translate('portal.audit.noSeals')}</Alert>
      ) : (
        <PhoneOrTable
          phone={
            <List dense aria-labelledby="seals-title" disablePadding>
              {seals.map((seal) => (
                <ListItem key={seal.version} divider disableGutters>
                  <ListItemText
                    primary={`${displayInstant(seal.sealedAt)} · ${reason(seal)} · ${covers(seal)}`}
                    secondary={
                      <Typography component="span" sx={digestSx} data-testid="seal-digest">
                        {seal.merkleRoot}
                      </Typography>
                    }
                  />
                </ListItem>
              ))}
            </List>
          }
          table={
            <TableContainer>
              <Table size="small" aria-labelledby="seals-title">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('portal.audit.sealedAt')}</TableCell>
                    <TableCell>{translate('portal.audit.reason')}</TableCell>
                    <TableCell>{translate('portal.audit.coverage')}</TableCell>
                    <TableCell>{translate('portal.audit.digestColumn')}</TableCell>
                    <TableCell>{translate('portal.audit.keyId')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {seals.map((seal) => (
                    <TableRow key={seal.version}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayInstant(seal.sealedAt)}</TableCell>
                      <TableCell>{reason(seal)}</TableCell>
                      <TableCell>{covers(seal)}</TableCell>
                      <TableCell sx={digestSx} data-testid="seal-digest">
                        {seal.merkleRoot}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{seal.keyId}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          }
        />
      )}
    </Paper>
  );
};
