import { Autocomplete, Stack, TextField } from '@mui/material';
import type { Ticket, Truck } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { isSameTruck } from '@portal/domain';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { useTodaysTickets, useTrucks } from './scale-queries';
import {
  Figure,
  TicketPicker,
  useScaleSubmit,
  WeighingAction,
  type WeighingPanelProps,
  weighingBody,
} from './weighing-parts';

/** The Scale page's Tare: the empty truck's weight becomes its tare; a selected received ticket's weight follows. */
export const TarePanel = ({ scaleId, weight, manualWeight, manualReason, refusal }: WeighingPanelProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const trucks = useTrucks();
  const received = useTodaysTickets('received');
  useNotifyLoadError(trucks.error ?? received.error);
  const [truck, setTruck] = useState<Truck | null>(null);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const { busy, submit } = useScaleSubmit();
  // Every ticket of the truck, by its record or its plate (issue 34, D2: a load dispatched by plate alone).
  const ticketsOfTruck = (received.data ?? []).filter(
    (candidate) =>
      !truck || isSameTruck(candidate, { truckId: truck.id, truckLicensePlate: truck.licensePlate }),
  );

  const setTare = () => {
    if (!truck) return notify('No truck selected.', { type: 'warning' });
    return submit(
      async () => {
        const answer = await call(endpoints.postTruckTareWeight, {
          body: {
            truckId: truck.id,
            ticketId: ticket?.id ?? null,
            scaleWeight: weight,
            ...weighingBody({ scaleId, weight, manualWeight, manualReason }),
          },
        });
        notify(answer.message, { type: 'success' });
        // The answer is the truck as saved: its new tare shows at once, whatever the list's refetch finds.
        setTruck(answer.truck);
        setTicket(null);
        await Promise.all([trucks.refetch(), received.refetch()]);
      },
      // 'Failed to update {truck}', with the server's reason.
      (reason) => `Failed to update ${truck.number}: ${reason}`,
    );
  };

  return (
    <Stack spacing={2}>
      <Autocomplete
        options={trucks.data ?? []}
        onOpen={() => void trucks.refetch()}
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
        onOpen={() => void received.refetch()}
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
