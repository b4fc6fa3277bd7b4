import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { AuditStatus } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { type LabelledValue, LabelledValues } from '../common/LabelledValues';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';
import { ticketAuditPath } from '../tickets/ticket';
import { breakReasonKey, type ChainBreak, ticketIdOfStream } from './chain-break';

type LastVerification = AuditStatus['lastVerification'];

/** The break in red: the stream, the position and why, when the event there was recorded, and a way to it. */
const BreakAlert = ({ found }: { found: ChainBreak }) => {
  const translate = useTranslate();
  const ticketId = ticketIdOfStream(found.streamId);
  return (
    <Alert severity="error" variant="filled" data-testid="chain-break">
      <AlertTitle>{translate('portal.audit.broken')}</AlertTitle>
      {translate('portal.audit.breakWhere', { stream: found.streamId, position: found.position })}
      <br />
      {translate(breakReasonKey(found.reason))}
      <br />
      {translate('portal.audit.breakRecorded', { time: displayInstant(found.recordedAt) })}
      {ticketId !== null && (
        <Box sx={{ mt: 1 }}>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            component={Link}
            to={ticketAuditPath(ticketId)}
          >
            {translate('portal.audit.openHistory')}
          </Button>
        </Box>
      )}
    </Alert>
  );
};

/** When the last verify also compared the read models: equal, or each table that differs, in red. */
const ReadModelsResult = ({ compared }: { compared: NonNullable<LastVerification>['readModels'] }) => {
  const translate = useTranslate();
  if (!compared) return null;
  if (compared.ok)
    return (
      <Alert severity="success" data-testid="read-models-hold">
        {translate('portal.audit.readModelsHold', { smart_count: compared.tablesCompared })}
      </Alert>
    );
  return (
    <Alert severity="error" variant="filled" data-testid="read-models-differ">
      <AlertTitle>{translate('portal.audit.readModelsDiffer')}</AlertTitle>
      {compared.mismatches.map((mismatch) => (
        <div key={mismatch.table}>
          {translate('portal.audit.readModelsMismatch', {
            ...mismatch,
            firstLiveId: mismatch.firstLiveId ?? '–',
          })}
        </div>
      ))}
    </Alert>
  );
};

/** The last verify's answer: when, and either every chain holding or the break in red. */
const VerificationResult = ({ verification }: { verification: LastVerification }) => {
  const translate = useTranslate();
  if (!verification) return <Alert severity="info">{translate('portal.audit.neverVerified')}</Alert>;
  return (
    <Stack spacing={1}>
      {verification.firstBreak ? (
        <BreakAlert found={verification.firstBreak} />
      ) : (
        // No break: every chain held (`ok` is false then only when the read models differ, shown below).
        <Alert severity="success" data-testid="chain-holds">
          {translate('portal.audit.holds', { smart_count: verification.checkedEvents })}
        </Alert>
      )}
      {verification.firstBreak && (
        <Typography variant="body2" color="text.secondary">
          {translate('portal.audit.checkedBeforeBreak', { smart_count: verification.checkedEvents })}
        </Typography>
      )}
      <ReadModelsResult compared={verification.readModels} />
    </Stack>
  );
};

/**
 * Chain status: when the chain was last verified and what it found (a break in red with where), and the
 * newest seal; `actions` are Verify now and, for administrators, Seal now, with their progress below.
 */
export const ChainStatus = ({
  status,
  actions,
  progress,
}: {
  status: AuditStatus | undefined;
  actions: React.ReactNode;
  progress: React.ReactNode;
}) => {
  const translate = useTranslate();
  const verification = status?.lastVerification ?? null;
  const seal = status?.lastSeal ?? null;
  const lines: LabelledValue[] = [
    [
      'portal.audit.lastVerified',
      verification ? displayInstant(verification.verifiedAt) : translate('portal.audit.never'),
    ],
    [
      'portal.audit.lastSeal',
      seal
        ? translate('portal.audit.sealLine', {
            time: displayInstant(seal.sealedAt),
            reason: translate(`portal.audit.sealReasons.${seal.reason}`),
            smart_count: seal.events,
          })
        : translate('portal.audit.never'),
    ],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="chain-status-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="chain-status-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('portal.audit.chainStatus')}
        </Typography>
        {actions}
      </Box>
      <LabelledValues lines={lines} />
      {seal && (
        <Typography variant="body2" sx={{ mt: 1, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {translate('portal.audit.digest', { digest: seal.merkleRoot })}
        </Typography>
      )}
      {progress}
      <Box sx={{ mt: 2 }}>
        <VerificationResult verification={verification} />
      </Box>
    </Paper>
  );
};
