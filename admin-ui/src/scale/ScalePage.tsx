import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  Autocomplete,
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
  Typography,
} from '@mui/material';
import type { LiveScale, Ticket, Truck } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAuthenticated, useNotify, useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { apiRequest } from '../dataProvider/http-client';
import { PageTitle } from '../layout/PageTitle';
import { LiveWeight } from './LiveWeight';
import { ManualWeightDialog } from './ManualWeightDialog';
import { ScaleLanes } from './ScaleLanes';
import {
  startWeighing,
  stopWeighing,
  useLiveScale,
  useMaterials,
  useScales,
  useSettings,
  useTodaysTickets,
  useTrucks,
} from './scale-queries';
import { formatKg, type ScaleMode, ticketChoiceLabel, ticketMatches, weighInFigures } from './scale-weights';

const Figure = ({ label, value, testId }: { label: string; value: number | null; testId: string }) => (
  <Box sx={{ minWidth: 110 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography data-testid={testId} variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatKg(value)} KG
    </Typography>
  </Box>
);

const TicketPicker = ({
  tickets,
  value,
  onChange,
  label,
}: {
  tickets: Ticket[];
  value: Ticket | null;
  onChange(ticket: Ticket | null): void;
  label: string;
}) => (
  <Autocomplete
    options={tickets}
    value={value}
    onChange={(_event, ticket) => onChange(ticket)}
    getOptionLabel={ticketChoiceLabel}
    filterOptions={(options, { inputValue }) => options.filter((ticket) => ticketMatches(ticket, inputValue))}
    isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
    renderInput={(params) => <TextField {...params} label={label} />}
  />
);

/**
 * What a weigh-in or tare sends as its weight: the one set by hand, or the live reading, with the weight
 * the operator saw (the server refuses if the scale has moved on since: 'The weight changed: weigh again').
 */
const weighingBody = (scaleId: number | null, weight: number | null, manualWeight: number | null) =>
  manualWeight !== null
    ? { scaleId, manual: true }
    : { scaleId, ...(weight !== null ? { displayedWeight: weight } : {}) };

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What both panels weigh with: the scale, and its live weight or the one set by hand. */
interface WeighingPanelProps {
  scaleId: number | null;
  weight: number | null;
  manualWeight: number | null;
  /** Why the live reading may not be weighed now (the server's words), or null. */
  refusal: string | null;
}

/** Weigh In or Tare: disabled, with the reason beside it, while the live reading is not legal. */
const WeighingAction = ({
  label,
  onClick,
  busy,
  refusal,
}: {
  label: string;
  onClick: () => void;
  busy: boolean;
  refusal: string | null;
}) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
    <Button variant="contained" size="large" onClick={onClick} disabled={busy || refusal !== null}>
      {label}
    </Button>
    {refusal && (
      <Alert severity="warning" data-testid="weighing-refusal" sx={{ flexGrow: 1, fontSize: '1rem' }}>
        {refusal}
      </Alert>
    )}
  </Stack>
);

/** A weigh-in's or tare's call: busy while it runs, its failure told (in the words `failed` gives). */
function useScaleSubmit() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const submit = async (work: () => Promise<void>, failed = (reason: string) => reason) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(failed(errorMessage(error)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

const WeighInPanel = ({ scaleId, weight, manualWeight, refusal }: WeighingPanelProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const tickets = useTodaysTickets('active');
  const materials = useMaterials();
  const trucks = useTrucks();
  const settings = useSettings();
  useNotifyLoadError(tickets.error ?? materials.error ?? trucks.error ?? settings.error);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [materialId, setMaterialId] = useState<number | ''>('');
  const { busy, submit } = useScaleSubmit();
  const truck = trucks.data?.find((candidate) => candidate.id === ticket?.truckId);
  const figures = weighInFigures(weight, truck?.tareWeight ?? null, settings.data?.defaultTareWeight ?? 0);

  const weighIn = () => {
    if (!ticket) return notify('No ticket selected.', { type: 'warning' });
    return submit(async () => {
      const weighed = await apiRequest<Ticket>('/api/ticket/weigh', {
        method: 'PUT',
        body: {
          ticketId: ticket.id,
          materialId: materialId === '' ? null : materialId,
          weight,
          ...weighingBody(scaleId, weight, manualWeight),
        },
      });
      notify('portal.scale.weighedIn', {
        type: 'success',
        messageArgs: { ticket: ticketChoiceLabel(weighed), net: formatKg(weighed.weight) },
      });
      setTicket(null);
      await tickets.refetch();
    });
  };

  return (
    <Stack spacing={2}>
      <TicketPicker
        tickets={tickets.data ?? []}
        value={ticket}
        onChange={setTicket}
        label={translate('portal.scale.ticket')}
      />
      <TextField
        select
        label={translate('portal.scale.material')}
        value={materialId}
        onChange={(event) => setMaterialId(event.target.value === '' ? '' : Number(event.target.value))}
      >
        {(materials.data ?? []).map((material) => (
          <MenuItem key={material.id} value={material.id}>
            {material.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure
          label={translate('portal.scale.tare')}
          value={ticket ? figures.tare : null}
          testId="figure-tare"
        />
        <Figure
          label={translate('portal.scale.net')}
          value={ticket ? figures.net : null}
          testId="figure-net"
        />
        <Figure label={translate('portal.scale.gross')} value={figures.gross} testId="figure-gross" />
      </Stack>
      <WeighingAction
        label={translate('portal.scale.weighInAction')}
        onClick={weighIn}
        busy={busy}
        refusal={refusal}
      />
    </Stack>
  );
};

const TarePanel = ({ scaleId, weight, manualWeight, refusal }: WeighingPanelProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const trucks = useTrucks();
  const received = useTodaysTickets('received');
  useNotifyLoadError(trucks.error ?? received.error);
  const [truck, setTruck] = useState<Truck | null>(null);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const { busy, submit } = useScaleSubmit();
  const ticketsOfTruck = (received.data ?? []).filter(
    (candidate) => !truck || candidate.truckId === truck.id,
  );

  const setTare = () => {
    if (!truck) return notify('No truck selected.', { type: 'warning' });
    return submit(
      async () => {
        const answer = await apiRequest<{ message: string }>('/api/truck/tare/weight', {
          method: 'POST',
          body: {
            truckId: truck.id,
            ticketId: ticket?.id ?? null,
            scaleWeight: weight,
            ...weighingBody(scaleId, weight, manualWeight),
          },
        });
        notify(answer.message, { type: 'success' });
        setTicket(null);
        await Promise.all([trucks.refetch(), received.refetch()]);
      },
      // Spec section 8: 'Failed to update {truck}', with the server's reason.
      (reason) => `Failed to update ${truck.number}: ${reason}`,
    );
  };

  return (
    <Stack spacing={2}>
      <Autocomplete
        options={trucks.data ?? []}
        value={truck}
        onChange={(_event, chosen) => {
          setTruck(chosen);
          setTicket(null);
        }}
        getOptionLabel={(option) => `${option.number} · ${option.licensePlate}`}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        renderInput={(params) => <TextField {...params} label={translate('portal.scale.truck')} />}
      />
      <TicketPicker
        tickets={ticketsOfTruck}
        value={ticket}
        onChange={setTicket}
        label={translate('portal.scale.ticketOptional')}
      />
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure
          label={translate('portal.scale.currentTare')}
          value={truck?.tareWeight ?? null}
          testId="figure-current-tare"
        />
        <Figure label={translate('portal.scale.newTare')} value={weight} testId="figure-new-tare" />
      </Stack>
      <WeighingAction
        label={translate('portal.scale.tareAction')}
        onClick={setTare}
        busy={busy}
        refusal={refusal}
      />
    </Stack>
  );
};

const Section = ({ children }: { children: ReactNode }) => (
  <Card>
    <CardContent>{children}</CardContent>
  </Card>
);

/** /scale (spec sections 2 and 4): weigh trucks in, and tare them, from the live scale. */
export const ScalePage = () => {
  useAuthenticated();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const scales = useScales();
  const [mode, setMode] = useState<ScaleMode>('weighIn');
  const [scaleId, setScaleId] = useState<number | null>(null);
  const [weighing, setWeighing] = useState(false);
  const [manualWeight, setManualWeight] = useState<number | null>(null);
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
      if (!weighing) setManualWeight(null);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  const confirmManual = async (weight: number) => {
    setAskingManual(false);
    setManualWeight(weight);
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
  const panelProps = { scaleId, weight, manualWeight, refusal };

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
        <Section>
          {mode === 'weighIn' ? <WeighInPanel {...panelProps} /> : <TarePanel {...panelProps} />}
        </Section>
      </Stack>
      <ManualWeightDialog
        open={askingManual}
        onCancel={() => setAskingManual(false)}
        onConfirm={confirmManual}
      />
    </Box>
  );
};
