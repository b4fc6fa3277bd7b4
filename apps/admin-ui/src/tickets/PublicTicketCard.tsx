import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Card, CardContent, Chip, Divider, Typography } from '@mui/material';
import type { PublicTicket } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import { useTranslate } from 'react-admin';
import { LabelledValues } from '../common/LabelledValues';
import { TicketValue } from './TicketValue';

type Shown = [field: keyof PublicTicket, label: string];

/** The printed ticket's blocks, each field under the label the ticket page gives it. */
const sections: [title: string, fields: Shown[]][] = [
  [
    'portal.tickets.sections.ticketInfo',
    [
      ['date', 'portal.tickets.fields.date'],
      ['timeLoaded', 'portal.tickets.fields.timeLoaded'],
      ['timeReceived', 'portal.tickets.fields.timeReceived'],
    ],
  ],
  [
    'portal.tickets.sections.contractor',
    [
      ['contractorCompanyName', 'portal.tickets.fields.contractorCompanyId'],
      ['jobSite', 'portal.tickets.fields.jobSite'],
      ['siteContactName', 'portal.tickets.fields.siteContactName'],
      ['siteContactNumber', 'portal.tickets.fields.siteContactNumber'],
    ],
  ],
  [
    'portal.tickets.sections.transport',
    [
      ['transportCompanyName', 'portal.tickets.fields.transportCompanyId'],
      ['truckNumber', 'portal.tickets.fields.truckNumber'],
      ['truckLicensePlate', 'portal.tickets.fields.truckLicensePlate'],
      ['truckDriverName', 'portal.tickets.fields.truckDriverName'],
    ],
  ],
  [
    'portal.tickets.sections.scale',
    [
      ['materialTypeName', 'portal.tickets.fields.materialTypeId'],
      ['materialName', 'portal.tickets.fields.materialId'],
      ['weight', 'portal.tickets.publicLink.netWeight'],
    ],
  ],
];

/**
 * The public link's view: the ticket as printed, read-only, with nothing a signed-in user could do.
 * Labels and values sit side by side, as on a paper ticket, at any width.
 */
export const PublicTicketCard = ({ ticket }: { ticket: PublicTicket }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 1 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="overline" color="text.secondary" component="p">
              {translate('portal.tickets.publicLink.title')}
            </Typography>
            <Typography variant="h4" component="h1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {displayTicketNumber(ticket)}
            </Typography>
          </Box>
          {ticket.isReceived ? (
            <Chip
              color="success"
              icon={<CheckCircleIcon />}
              label={translate('portal.tickets.status.received')}
              sx={{ fontWeight: 600, fontSize: '1rem', px: 1 }}
            />
          ) : (
            <Chip variant="outlined" label={translate('portal.tickets.status.notReceived')} />
          )}
        </Box>
        <Divider sx={{ my: 2, borderStyle: 'dashed' }} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            columnGap: 4,
            rowGap: 2,
          }}
        >
          {sections.map(([title, fields]) => (
            <Box component="section" key={title}>
              <Typography variant="subtitle2" component="h2" color="primary" sx={{ mb: 0.5 }}>
                {translate(title)}
              </Typography>
              <LabelledValues
                lines={fields.map(([field, label]) => [
                  label,
                  <TicketValue key={field} field={field} value={ticket[field]} />,
                ])}
              />
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
};
