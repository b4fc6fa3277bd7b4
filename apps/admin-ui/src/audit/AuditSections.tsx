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
      <Box
        component="form"
        onSubmit={open}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'start' }}
      >
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
      </Box>
    </Section>
  );
};
