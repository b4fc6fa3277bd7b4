import {
  Alert,
  Button,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { TareChoice, Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { storedTareState, tareNeededMessage } from '@portal/domain';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { SiteWeightNumber, SiteWeightSymbol } from '../common/SiteWeight';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { useSiteSettings, useSiteWeights } from '../settings/site-settings';
import { useMaterials, useTodaysTickets, useTrucks } from './scale-queries';
import { ticketChoiceLabel, weighInFigures } from './scale-weights';
import {
  Figure,
  TicketPicker,
  useScaleSubmit,
  WeighingAction,
  type WeighingPanelProps,
  weighingBody,
} from './weighing-parts';

/** Gross, tare and net of a second weighing against the first: the heavier is the gross, in either order. */
const twoPassFigures = (first: number, second: number | null) =>
  second === null
    ? { gross: null, tare: null, net: null }
    : {
        gross: Math.max(first, second),
        tare: Math.min(first, second),
        net: Math.round(Math.abs(first - second) * 100) / 100,
      };

/**
 * Weigh In, the way truck-scale software does it: on the truck's fresh stored tare; or,
 * when it has none or it expired, on what the operator chooses (a second weighing, or the default tare:
 * never silently); a ticket holding a first weight is completed by its second weighing; a net reading
 * is weighed only when the operator says so, on the tare the indicator holds.
 */
export const WeighInPanel = ({
  scaleId,
  scale,
  weight,
  manualWeight,
  manualReason,
  refusal,
}: WeighingPanelProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const weights = useSiteWeights();
  const tickets = useTodaysTickets('active');
  const materials = useMaterials();
  const trucks = useTrucks();
  const settings = useSiteSettings();
  useNotifyLoadError(tickets.error ?? materials.error ?? trucks.error ?? settings.error);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [materialId, setMaterialId] = useState<number | ''>('');
  const [tareChoice, setTareChoice] = useState<TareChoice | null>(null);
  const [weighNet, setWeighNet] = useState(false);
  const { busy, submit } = useScaleSubmit();
  const truck = trucks.data?.find((candidate) => candidate.id === ticket?.truckId);
  const retareEveryDays = settings.data?.retareEveryDays ?? null;
  const defaultTare = settings.data?.defaultTareWeight ?? 0;
  const firstWeight = ticket?.firstWeight ?? null;
  const netOffered = manualWeight === null && scale?.mode === 'net';
  const weighAs = netOffered && weighNet ? 'net' : 'gross';
  const tareState = ticket ? storedTareState(truck, retareEveryDays, new Date()) : 'fresh';
  const needsTareChoice =
    ticket !== null && firstWeight === null && weighAs === 'gross' && tareState !== 'fresh';
  const indicatorTare = scale?.indicatorTareKg ?? null;

  const figures =
    firstWeight !== null
      ? twoPassFigures(firstWeight, weight)
      : weighAs === 'net'
        ? {
            net: weight,
            tare: indicatorTare,
            gross: weight === null || indicatorTare === null ? null : weight + indicatorTare,
          }
        : netOffered
          ? // A net reading weighed as gross has no gross to show: the indicator's tare is off it.
            { gross: null, tare: null, net: null }
          : needsTareChoice && tareChoice !== 'default'
            ? { gross: weight, tare: null, net: null }
            : weighInFigures(weight, tareState === 'fresh' ? (truck?.tareWeight ?? null) : null, defaultTare);

  const [discarding, setDiscarding] = useState(false);
  const discardFirstWeight = () => {
    setDiscarding(false);
    if (!ticket) return;
    return submit(async () => {
      const kept = await call(endpoints.postTicketByIdFirstWeightDiscard, { params: { id: ticket.id } });
      setTicket(kept);
      notify('portal.scale.firstWeightDiscarded', { type: 'info' });
      await tickets.refetch();
    });
  };

  const chooseTicket = (chosen: Ticket | null) => {
    setTicket(chosen);
    setTareChoice(null);
    // The truck's tare may have been weighed since the page loaded: read it again.
    if (chosen) void trucks.refetch();
  };

  const blocked =
    weighAs === 'net'
      ? (scale?.notWeighableAsNetBecause ?? null)
      : (refusal ?? (needsTareChoice && tareChoice === null ? translate('portal.scale.chooseTare') : null));

  const weighIn = () => {
    if (!ticket) return notify('No ticket selected.', { type: 'warning' });
    return submit(async () => {
      const weighed = await call(endpoints.putTicketWeigh, {
        body: {
          ticketId: ticket.id,
          materialId: materialId === '' ? null : materialId,
          weight,
          ...weighingBody({ scaleId, weight, manualWeight, manualReason }),
          ...(needsTareChoice && tareChoice ? { tare: tareChoice } : {}),
          ...(weighAs === 'net' ? { weighAs } : {}),
        },
      });
      const held = weighed.firstWeight !== null;
      notify(held ? 'portal.scale.firstWeighed' : 'portal.scale.weighedIn', {
        type: 'success',
        messageArgs: {
          ticket: ticketChoiceLabel(weighed),
          net: weights.format(weighed.weight ?? 0),
          first: weights.format(weighed.firstWeight ?? 0),
        },
      });
      chooseTicket(null);
      setWeighNet(false);
      await tickets.refetch();
    });
  };

  return (
    <Stack spacing={2}>
      <TicketPicker
        tickets={tickets.data ?? []}
        value={ticket}
        onChange={chooseTicket}
        onOpen={() => void tickets.refetch()}
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
      {firstWeight !== null && (
        <Alert
          severity="info"
          data-testid="first-weight-held"
          action={
            <Button color="inherit" size="small" onClick={() => setDiscarding(true)}>
              {translate('portal.scale.discardFirstWeight')}
            </Button>
          }
        >
          {translate('portal.scale.firstWeightHeld')}{' '}
          <strong>
            <SiteWeightNumber kg={firstWeight} /> <SiteWeightSymbol />
          </strong>
        </Alert>
      )}
      <Confirm
        isOpen={discarding}
        title="portal.scale.discardTitle"
        content="portal.scale.discardContent"
        onConfirm={discardFirstWeight}
        onClose={() => setDiscarding(false)}
      />
      {needsTareChoice && (
        <Alert severity="warning" data-testid="tare-needed" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Typography sx={{ fontWeight: 600 }}>
            {tareNeededMessage(truck, tareState === 'expired' ? 'expired' : 'missing', retareEveryDays)}
          </Typography>
          <RadioGroup
            aria-label={translate('portal.scale.tareChoice')}
            value={tareChoice ?? ''}
            onChange={(event) => setTareChoice(event.target.value as TareChoice)}
          >
            <FormControlLabel
              value="two-pass"
              control={<Radio />}
              label={translate('portal.scale.twoPass')}
            />
            <FormControlLabel
              value="default"
              control={<Radio />}
              label={translate('portal.scale.useDefaultTare', { tare: weights.format(defaultTare) })}
            />
          </RadioGroup>
        </Alert>
      )}
      {netOffered && firstWeight === null && (
        <FormControlLabel
          control={<Switch checked={weighNet} onChange={(event) => setWeighNet(event.target.checked)} />}
          label={
            indicatorTare === null
              ? translate('portal.scale.weighNetNoTare')
              : translate('portal.scale.weighNet', { tare: weights.format(indicatorTare) })
          }
        />
      )}
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {firstWeight === null && tareChoice === 'two-pass' && needsTareChoice ? (
          <Figure label={translate('portal.scale.firstWeight')} value={weight} testId="figure-first" />
        ) : (
          <>
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
          </>
        )}
      </Stack>
      <WeighingAction
        label={translate(
          firstWeight !== null
            ? 'portal.scale.secondWeighAction'
            : tareChoice === 'two-pass' && needsTareChoice
              ? 'portal.scale.firstWeighAction'
              : 'portal.scale.weighInAction',
        )}
        onClick={weighIn}
        busy={busy}
        refusal={blocked}
      />
    </Stack>
  );
};
