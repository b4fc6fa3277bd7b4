import { Alert, Box, Button, DialogContentText, LinearProgress, Stack, Typography } from '@mui/material';
import { type ChunkView, endpoints, type RunView } from '@portal/contract';
import { Role } from '@portal/domain';
import { useId, useState } from 'react';
import { useNotify, usePermissions, useTranslate } from 'react-admin';
import { errorText } from '../common/error-text';
import { TitledDialog } from '../common/TitledDialog';
import { usePendingCall } from '../common/usePendingCall';
import { call } from '../dataProvider/http-client';
import { chunkRange, chunkWarning, isRunFinished, runPercent } from './run';

/** 'Tickets 1 to 1000', 'Ticket 5', or 'Part 2' when the chunk is not a range of numbers. */
function useChunkLabel() {
  const translate = useTranslate();
  return (chunk: Pick<ChunkView, 'index' | 'spec'>) => {
    const range = chunkRange(chunk);
    if (!range) return translate('portal.runs.chunkPart', { number: chunk.index + 1 });
    return range.from === range.to
      ? translate('portal.runs.chunkSingle', { number: range.from })
      : translate('portal.runs.chunkRange', { from: range.from, to: range.to });
  };
}

/** Red when it failed, amber when it was cancelled or completed with warnings, green when it completed cleanly. */
const barColor = (state: RunView['state'], warned: boolean) =>
  state === 'failed'
    ? 'error'
    : state === 'cancelled'
      ? 'warning'
      : state !== 'completed'
        ? 'primary'
        : warned
          ? 'warning'
          : 'success';

/** The run's state in words: a run being cancelled says so until its running parts have finished. */
const stateKey = (run: RunView) =>
  run.cancelledAt && !isRunFinished(run)
    ? 'portal.runs.states.cancelling'
    : `portal.runs.states.${run.state}`;

/**
 * Cancel run, for administrators while the run goes, after a confirmation (POST /api/job/{id}/cancel). The
 * poll that follows shows the run cancelling, then cancelled; a refusal (it has just finished) is toasted.
 */
const CancelRunButton = ({ run }: { run: RunView }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions();
  const [confirming, setConfirming] = useState(false);
  const { pending, runPending } = usePendingCall();
  if (permissions !== Role.Administrator || isRunFinished(run) || run.cancelledAt) return null;
  const cancel = () =>
    runPending(async () => {
      try {
        await call(endpoints.postJobCancelById, { params: { id: run.id } });
      } catch (error) {
        notify(errorText(translate, error), { type: 'error' });
      }
      setConfirming(false);
    });
  return (
    <>
      <Button size="small" color="warning" onClick={() => setConfirming(true)}>
        {translate('portal.runs.cancel.button')}
      </Button>
      <TitledDialog
        open={confirming}
        onClose={pending ? undefined : () => setConfirming(false)}
        title={translate('portal.runs.cancel.title')}
        actions={
          <>
            <Button onClick={() => setConfirming(false)} disabled={pending} autoFocus>
              {translate('portal.runs.cancel.keep')}
            </Button>
            <Button color="warning" variant="contained" onClick={cancel} disabled={pending}>
              {translate('portal.runs.cancel.confirm')}
            </Button>
          </>
        }
      >
        <DialogContentText>{translate('portal.runs.cancel.text')}</DialogContentText>
      </TitledDialog>
    </>
  );
};

interface RunProgressProps {
  run: RunView | null;
  /** What the run does, e.g. 'Generating tickets'; a catalogue key. */
  label: string;
  /** Show each chunk's error or result error under the bar (default true). */
  chunkWarnings?: boolean;
  /** The run has something to warn about beyond its chunks' errors (e.g. skipped tickets, failed ranges). */
  warned?: boolean;
}

/**
 * One bulk run's progress: a determinate bar of done of total, the run's state, and the warnings of its
 * chunks (a failed chunk's error, or a result's error such as tickets that already existed).
 */
export const RunProgress = ({ run, label, chunkWarnings = true, warned = false }: RunProgressProps) => {
  const translate = useTranslate();
  const chunkLabel = useChunkLabel();
  const labelId = useId();
  if (!run) return null;
  const percent = runPercent(run);
  const allWarnings = run.chunks.flatMap((chunk) => {
    const warning = chunkWarning(chunk);
    return warning ? [{ index: chunk.index, label: chunkLabel(chunk), warning }] : [];
  });
  const warnings = chunkWarnings ? allWarnings : [];
  return (
    <Box component="section" aria-labelledby={labelId} data-run-state={run.state} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={labelId} variant="body2" component="h3" sx={{ fontWeight: 500 }}>
          {translate(label)}
          {': '}
          <Box component="span" role="status" sx={{ fontWeight: 400 }}>
            {translate(stateKey(run))}
          </Box>
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="run-count">
            {translate('portal.runs.doneOfTotal', { done: Math.min(run.done, run.total), total: run.total })}
            {' · '}
            {translate('portal.runs.percent', { percent })}
          </Typography>
          <CancelRunButton run={run} />
        </Box>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={barColor(run.state, warned || allWarnings.length > 0)}
        aria-labelledby={labelId}
        sx={{ height: 8, borderRadius: 1 }}
      />
      {warnings.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          {warnings.map(({ index, label: chunkName, warning }) => (
            <Alert key={index} severity="warning" variant="outlined">
              <strong>{chunkName}:</strong> {warning}
            </Alert>
          ))}
        </Stack>
      )}
    </Box>
  );
};
