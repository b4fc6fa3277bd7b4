import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { LiveScale } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAuthenticated, useNotify, useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { PageTitle } from '../layout/PageTitle';
import { IndicatorCommands } from './IndicatorCommands';
import { LiveWeight } from './LiveWeight';
import { type ManualWeight, ManualWeightDialog } from './ManualWeightDialog';
import { ScaleLanes } from './ScaleLanes';
import { startWeighing, stopWeighing, useLiveScale, useScales } from './scale-queries';
import type { ScaleMode } from './scale-weights';
import { TarePanel } from './TarePanel';
import { WeighInPanel } from './WeighInPanel';
import { errorMessage } from './weighing-parts';

const Section = ({ children }: { children: ReactNode }) => (
  <Card>
    <CardContent>{children}</CardContent>
  </Card>
);

/** /scale: weigh trucks in, and tare them, from the live scale. */
export const ScalePage = () => {
  useAuthenticated();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const scales = useScales();
  const [mode, setMode] = useState<ScaleMode>('weighIn');
  const [scaleId, setScaleId] = useState<number | null>(null);
  const [weighing, setWeighing] = useState(false);
  const [manual, setManual] = useState<ManualWeight | null>(null);
  const manualWeight = manual?.weightKg ?? null;
  const [askingManual, setAskingManual] = useState(false);
  const live = useLiveScale(scaleId, weighing);
  useNotifyLoadError(scales.error ?? live.error);

  useEffect(() => {
    if (scaleId === null && scales.data?.[0]) setScaleId(scales.data[0].id);
  }, [scales.data, scaleId]);

  // Leaving the page ends the weighing this page started.
  const weighingOn = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (weighingOn.current !== null) stopWeighing(weighingOn.current).catch(() => undefined);
    },
    [],
  );

  const toggleWeighing = async () => {
    if (scaleId === null) return notify('Scale is required', { type: 'warning' });
    try {
      const answer: LiveScale = weighing ? await stopWeighing(scaleId) : await startWeighing(scaleId);
      queryClient.setQueryData(['scale', 'live', scaleId], answer);
      weighingOn.current = weighing ? null : scaleId;
      setWeighing(!weighing);
      if (!weighing) setManual(null);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  const confirmManual = async (typed: ManualWeight) => {
    setAskingManual(false);
    setManual(typed);
    if (weighing && scaleId !== null) {
      setWeighing(false);
      weighingOn.current = null;
      await stopWeighing(scaleId).catch(() => undefined);
    }
  };

  // Before Start weighing, nothing is shown as current: the last reading polled may be long gone.
  const liveScale = weighing ? live.data : undefined;
  const weight = manualWeight ?? liveScale?.currentWeight ?? null;
  // A weight set by hand is the operator's word; a live one must be legal (the server checks it again).
  const refusal =
    manualWeight !== null
      ? null
      : !weighing
        ? translate('portal.scale.startFirst')
        : (liveScale?.notWeighableBecause ?? null);
  const panelProps = {
    scaleId,
    scale: manualWeight === null ? liveScale : undefined,
    weight,
    manualWeight,
    manualReason: manual?.reason ?? null,
    refusal,
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageTitle title="portal.menu.scale" />
      <Stack spacing={2}>
        <ScaleLanes selectedScaleId={scaleId} onSelect={weighing ? null : setScaleId} />
        <Section>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <RadioGroup
              row
              aria-label={translate('portal.scale.mode')}
              value={mode}
              onChange={(event) => setMode(event.target.value as ScaleMode)}
            >
              <FormControlLabel
                value="weighIn"
                control={<Radio />}
                label={translate('portal.scale.weighIn')}
              />
              <FormControlLabel value="tare" control={<Radio />} label={translate('portal.scale.tareMode')} />
            </RadioGroup>
            <TextField
              select
              size="small"
              sx={{ minWidth: 220, maxWidth: { md: 360 }, flexGrow: 1 }}
              label={translate('portal.scale.scale')}
              value={scaleId ?? ''}
              disabled={weighing}
              onChange={(event) => setScaleId(Number(event.target.value))}
            >
              {(scales.data ?? []).map((scale) => (
                <MenuItem key={scale.id} value={scale.id}>
                  {scale.scaleName}
                </MenuItem>
              ))}
            </TextField>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
            >
              <Button
                variant="contained"
                color={weighing ? 'warning' : 'primary'}
                startIcon={weighing ? <StopIcon /> : <PlayArrowIcon />}
                onClick={toggleWeighing}
              >
                {translate(weighing ? 'portal.scale.stop' : 'portal.scale.start')}
              </Button>
              <Button variant="outlined" onClick={() => setAskingManual(true)}>
                {translate('portal.scale.setManually')}
              </Button>
            </Stack>
          </Stack>
          {scales.data?.length === 0 && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('portal.scale.noScales')}
            </Alert>
          )}
        </Section>
        <LiveWeight scale={liveScale} manualWeight={manualWeight} />
        {weighing && scaleId !== null && <IndicatorCommands scaleId={scaleId} />}
        <Section>
          {mode === 'weighIn' ? <WeighInPanel {...panelProps} /> : <TarePanel {...panelProps} />}
        </Section>
      </Stack>
      <ManualWeightDialog
        open={askingManual}
        scaleCapacityKg={scales.data?.find((scale) => scale.id === scaleId)?.capacityKg ?? null}
        onCancel={() => setAskingManual(false)}
        onConfirm={confirmManual}
      />
    </Box>
  );
};
