import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ticketAuditPath } from '../tickets/ticket';

/** A section of the Audit page: a heading and what it holds. */
export const Section = ({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Paper>
  );
};

/**
 * A section's form: its fields and button in one row that wraps on a phone, tops aligned (a field with a
 * helper text is taller than the button). `mt` sets it apart from what is above it.
 */
export const SectionForm = ({
  onSubmit,
  mt,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  mt?: number;
  children: React.ReactNode;
}) => (
  <Box
    component="form"
    onSubmit={onSubmit}
    sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'start', mt }}
  >
    {children}
  </Box>
);

/** A ticket's events with each one's link, by the ticket's ID: how an auditor, who has no ticket lists, opens one. */
export const TicketHistoryLookup = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [ticketId, setTicketId] = useState('');
  const valid = /^[1-9]\d{0,8}$/.test(ticketId.trim());
  const open = (event: FormEvent) => {
    event.preventDefault();
    if (valid) navigate(ticketAuditPath(ticketId.trim()));
  };
  return (
    <Section id="ticket-history-title" title="portal.audit.ticketHistory">
      <SectionForm onSubmit={open}>
        <TextField
          size="small"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: '16rem' } }}
          label={translate('portal.audit.ticketId')}
          value={ticketId}
          onChange={(event) => setTicketId(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          helperText={translate('portal.audit.ticketIdHelp')}
        />
        <Button type="submit" variant="outlined" startIcon={<ManageSearchIcon />} disabled={!valid}>
          {translate('portal.audit.openHistory')}
        </Button>
      </SectionForm>
    </Section>
  );
};
