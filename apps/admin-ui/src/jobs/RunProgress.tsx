import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import type { ChunkView, RunView } from '@portal/contract';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { chunkRange, chunkWarning, runPercent } from './run';

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

/** Red when it failed, amber when it completed with warnings, green when it completed cleanly. */
const barColor = (state: RunView['state'], warned: boolean) =>
  state === 'failed' ? 'error' : state !== 'completed' ? 'primary' : warned ? 'warning' : 'success';

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
            {translate(`portal.runs.states.${run.state}`)}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="run-count">
          {translate('portal.runs.doneOfTotal', { done: Math.min(run.done, run.total), total: run.total })}
          {' · '}
          {translate('portal.runs.percent', { percent })}
        </Typography>
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
