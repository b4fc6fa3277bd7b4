import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { type TicketSortField, ticketPageSizes, ticketSortFields } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  type ListControllerResult,
  Pagination,
  RecordContextProvider,
  ResourceContextProvider,
  type SortPayload,
  TextField,
  useList,
  useListContext,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { PhoneOrTable } from '../../common/PhoneOrTable';
import { useFirstRowsFirst } from '../../common/useFirstRowsFirst';
import { displayInstant, type TicketPaging, type TicketRow } from './dashboard-ticket';
import { TicketActions, type TicketRowActions, useToggleDispatch } from './TicketActions';

/** Red when the ticket is incomplete (docs/rules.md, "Tickets and their states"), with a tooltip. */
const StatusIcon = ({ ticket }: { ticket: TicketRow }) => {
  const translate = useTranslate();
  const text = translate(ticket.isComplete ? 'portal.dashboard.complete' : 'portal.dashboard.incomplete');
  const Icon = ticket.isComplete ? CheckCircleIcon : ErrorIcon;
  return (
    <Icon
      data-tooltip={text}
      color={ticket.isComplete ? 'success' : 'error'}
      fontSize="small"
      role="img"
      aria-hidden={false}
      aria-label={text}
    />
  );
};

interface TicketViewProps {
  actions: TicketRowActions;
  /** Today's Active list leaves out the time received: none of its tickets has one. */
  showTimeReceived: boolean;
  /** What an empty list says: today's lists tell where generated (not yet loaded) tickets are found. */
  emptyText: 'portal.dashboard.noTickets' | 'portal.dashboard.noTicketsToday';
}

const TicketDatagrid = ({ actions, showTimeReceived, emptyText }: TicketViewProps) => (
  <Box sx={{ overflowX: 'auto' }}>
    <Datagrid bulkActionButtons={false} size="small" empty={<EmptyTickets text={emptyText} />}>
      <FunctionField<TicketRow>
        label="portal.dashboard.columns.status"
        sortBy="isComplete"
        render={(ticket) => <StatusIcon ticket={ticket} />}
      />
      <FunctionField<TicketRow>
        label="portal.dashboard.columns.ticketNumber"
        sortBy="ticketNumber"
        render={(ticket) => <Box sx={{ whiteSpace: 'nowrap' }}>{displayTicketNumber(ticket)}</Box>}
      />
      <FunctionField<TicketRow>
        label="portal.dashboard.columns.timeLoaded"
        sortBy="timeLoaded"
        render={(ticket) => displayInstant(ticket.timeLoaded)}
      />
      <TextField
        source="contractorCompanyName"
        label="portal.dashboard.columns.contractor"
        sortable={false}
      />
      <TextField source="jobSite" label="portal.dashboard.columns.jobSite" sortable={false} />
      <TextField
        source="transportCompanyName"
        label="portal.dashboard.columns.haulageCompany"
        sortable={false}
      />
      <TextField source="truckLicensePlate" label="portal.dashboard.columns.licensePlate" sortable={false} />
      <TextField source="truckDriverName" label="portal.dashboard.columns.driver" sortable={false} />
      {showTimeReceived && (
        <FunctionField<TicketRow>
          label="portal.dashboard.columns.timeReceived"
          sortBy="timeReceived"
          render={(ticket) => displayInstant(ticket.timeReceived)}
        />
      )}
      <WrapperField label="portal.dashboard.columns.actions" textAlign="right" sortable={false}>
        <TicketActions actions={actions} />
      </WrapperField>
    </Datagrid>
  </Box>
);

const EmptyTickets = ({ text }: { text: TicketViewProps['emptyText'] }) => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {translate(text)}
    </Typography>
  );
};

/** Phones and tablets (991 px or less): one card per ticket, with the same actions. */
const TicketCards = ({ actions, emptyText }: TicketViewProps) => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<TicketRow>();
  if (isPending) return null;
  if (!data?.length) return <EmptyTickets text={emptyText} />;
  const line = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ');
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}>
      {data.map((ticket) => (
        <Card component="li" key={ticket.id} variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 1 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <StatusIcon ticket={ticket} />
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {displayTicketNumber(ticket)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                {ticket.isReceived
                  ? translate('portal.dashboard.receivedAt', { time: displayInstant(ticket.timeReceived) })
                  : displayInstant(ticket.timeLoaded)}
              </Typography>
            </Box>
            <Typography variant="body2">{line(ticket.contractorCompanyName, ticket.jobSite)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {line(ticket.transportCompanyName, ticket.truckLicensePlate, ticket.truckDriverName)}
            </Typography>
            <RecordContextProvider value={ticket}>
              <Box sx={{ mt: 1 }}>
                <TicketActions actions={actions} />
              </Box>
            </RecordContextProvider>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};

interface TicketTableProps extends Omit<TicketViewProps, 'actions'> {
  onReceive: (ticket: TicketRow) => void;
  isAdministrator: boolean;
  /** The page of tickets the server answered, and how many the list holds in all. */
  tickets: TicketRow[] | undefined;
  total: number | undefined;
  paging: TicketPaging;
  onPagingChange: (paging: TicketPaging) => void;
  isPending: boolean;
  isFetching: boolean;
}

const isSortField = (field: string): field is TicketSortField =>
  (ticketSortFields as readonly string[]).includes(field);

/**
 * The dashboard's tickets, a page at a time: the server pages and sorts (50 a
 * page, with 50, 100, 150 or 200 to choose from), so a day of thousands of trucks costs one page.
 */
export const TicketTable = ({
  tickets,
  total,
  paging,
  onPagingChange,
  isPending,
  isFetching,
  onReceive,
  isAdministrator,
  ...shownAs
}: TicketTableProps) => {
  const list = useList<TicketRow>({ data: tickets, isPending, isFetching, resource: 'tickets' });
  // A screenful first: the table's top is about the fold of a laptop's screen.
  const shown = useFirstRowsFirst(tickets, 10);
  const sort: SortPayload = { field: paging.sort ?? '', order: paging.order ?? 'DESC' };
  // useList's own paging is of the rows it holds: the server's page and total replace it.
  const listContext = {
    ...list,
    data: shown ?? [],
    total: total ?? 0,
    page: paging.page,
    perPage: paging.perPage,
    hasPreviousPage: paging.page > 1,
    hasNextPage: paging.page * paging.perPage < (total ?? 0),
    setPage: (page: number) => onPagingChange({ ...paging, page }),
    setPerPage: (perPage: number) =>
      onPagingChange({ ...paging, page: 1, perPage: perPage as TicketPaging['perPage'] }),
    sort,
    setSort: ({ field, order }: SortPayload) =>
      onPagingChange({ ...paging, page: 1, ...(isSortField(field) ? { sort: field, order } : {}) }),
  } as ListControllerResult<TicketRow>;
  const { toggleDispatch, togglingId } = useToggleDispatch();
  const viewProps = { ...shownAs, actions: { onReceive, isAdministrator, toggleDispatch, togglingId } };
  return (
    <ResourceContextProvider value="tickets">
      <ListContextProvider value={listContext}>
        <PhoneOrTable phone={<TicketCards {...viewProps} />} table={<TicketDatagrid {...viewProps} />} />
        <Pagination rowsPerPageOptions={[...ticketPageSizes]} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
};
