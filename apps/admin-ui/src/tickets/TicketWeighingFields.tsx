import { Box } from '@mui/material';
import type { TicketWeighing } from '@portal/domain';
import { WeighingProvenance } from '../scales/WeighingProvenance';
import { useSiteWeights } from '../settings/site-settings';
import { ShownValue } from './TicketInputs';

/**
 * The ticket page's weighing (issue 34): the gross and tare its net came from, and MANUAL with the reason
 * when the weight was typed by hand, else the scale it was read from. Nothing for a weight set on a form.
 */
export const TicketWeighingFields = ({ weighing }: { weighing: TicketWeighing | null }) => {
  const weights = useSiteWeights();
  if (weighing === null) return null;
  return (
    <>
      <ShownValue label="portal.tickets.fields.grossWeight" value={weights.format(weighing.grossWeight)} />
      <ShownValue label="portal.tickets.fields.tareWeight" value={weights.format(weighing.tareWeight)} />
      <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
        <WeighingProvenance weighing={weighing} figures={false} />
      </Box>
    </>
  );
};
