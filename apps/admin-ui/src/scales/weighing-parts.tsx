import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { LiveScale, Ticket } from '@portal/contract';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { SiteWeightNumber, SiteWeightSymbol } from '../common/SiteWeight';
import { ticketChoiceLabel, ticketMatches } from './scale-weights';

/** One weight of the panel's figures (tare, net, gross, a first weight), in the site's unit. */
export const Figure = ({ label, value, testId }: { label: string; value: number | null; testId: string }) => (
  <Box sx={{ minWidth: 110 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography data-testid={testId} variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      <SiteWeightNumber kg={value} /> <SiteWeightSymbol />
    </Typography>
  </Box>
);

/** Today's tickets to choose from; opening the list reads them again, so a ticket made a moment ago is there. */
export const TicketPicker = ({
  tickets,
  value,
  onChange,
  onOpen,
  label,
}: {
  tickets: Ticket[];
  value: Ticket | null;
  onChange(ticket: Ticket | null): void;
  onOpen(): void;
  label: string;
}) => (
  <Autocomplete
    options={tickets}
    onOpen={onOpen}
    value={value}
    onChange={(_event, ticket) => onChange(ticket)}
    getOptionLabel={ticketChoiceLabel}
    filterOptions={(options, { inputValue }) => options.filter((ticket) => ticketMatches(ticket, inputValue))}
    isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
    renderInput={(params) => <TextField {...params} label={label} />}
  />
);

/**
 * What a weigh-in or tare sends as its weight: the one set by hand with the operator's reason, or the live
 * reading, with the weight the operator saw (the server refuses if the scale has moved on since: 'The weight
 * changed: weigh again').
 */
export const weighingBody = ({
  scaleId,
  weight,
  manualWeight,
  manualReason,
}: Pick<WeighingPanelProps, 'scaleId' | 'weight' | 'manualWeight' | 'manualReason'>) =>
  manualWeight !== null
    ? { scaleId, manual: true, ...(manualReason ? { manualReason } : {}) }
    : { scaleId, ...(weight !== null ? { displayedWeight: weight } : {}) };

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What both panels weigh with: the scale, and its live weight or the one set by hand. */
export interface WeighingPanelProps {
  scaleId: number | null;
  /** The live scale while weighing (undefined before Start weighing, or while set by hand). */
  scale: LiveScale | undefined;
  weight: number | null;
  manualWeight: number | null;
  /** Why the weight was set by hand (the Manually Set Scale Weight dialog asks), or null. */
  manualReason: string | null;
  /** Why the live reading may not be weighed now (the server's words), or null. */
  refusal: string | null;
}

/** Weigh In or Tare: disabled, with the reason beside it, while the live reading is not legal. */
export const WeighingAction = ({
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
    <Button
      variant="contained"
      size="large"
      onClick={onClick}
      disabled={busy || refusal !== null}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
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
export function useScaleSubmit() {
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
