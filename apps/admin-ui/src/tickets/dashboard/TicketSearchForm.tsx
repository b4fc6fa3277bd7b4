import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button } from '@mui/material';
import { useCallback, useEffect, useRef } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { type FieldValues, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DayInput } from '../../common/DateInputs';
import { InputGrid } from '../../common/InputGrid';
import { PlateSearchInput } from '../../common/PlateSearchInput';
import { toAfterFrom } from '../../common/range-order';
import { TicketNumberInput } from '../../common/TicketNumberInput';
import { VirtualizedSelectInput } from '../../common/VirtualizedSelectInput';
import { isTicketNumber } from '../../common/validation';
import { useHaulageCompanies } from '../receive/reference-data';
import { useContractorCompanies } from './dashboard-queries';
import {
  emptyTicketSearch,
  isBlankSearch,
  REFOCUS_AFTER_MS,
  SEARCH_DEBOUNCE_MS,
  type TicketSearchBody,
  ticketNumberError,
  toSearchBody,
} from './ticket-search';

interface SearchCallbacks {
  /** Runs a search: the table shows its results. */
  onSearch: (body: TicketSearchBody) => void;
  /** Ends the search: the table shows today's Active or Received list again. */
  onClear: () => void;
}

/** A blank search is no search: it goes back to today's list. */
const searchOrClear = (values: FieldValues, { onSearch, onClear }: SearchCallbacks) => {
  const body = toSearchBody(values);
  if (isBlankSearch(body)) onClear();
  else onSearch(body);
};

const TICKET_NUMBER = 'ticketNumber';

/**
 * The ticket number input gets the focus back 500 ms after a search (a scanner's next
 * number lands there), unless the user has moved on to another field meanwhile.
 */
function useRefocusTicketNumber() {
  const { setFocus } = useFormContext();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const active = document.activeElement;
      // A date picker's sections are editable spans, not inputs: typing a date is typing elsewhere too.
      const editing =
        active instanceof HTMLInputElement ||
        active instanceof HTMLTextAreaElement ||
        (active instanceof HTMLElement && active.isContentEditable);
      const typingElsewhere = editing && active.getAttribute('name') !== TICKET_NUMBER;
      if (!typingElsewhere) setFocus(TICKET_NUMBER);
    }, REFOCUS_AFTER_MS);
  }, [setFocus]);
}

/** A dropdown of one kind of company, by name. */
const CompanyInput = ({
  source,
  label,
  companies,
}: {
  source: string;
  label: string;
  companies: { data?: { id: number; name: string }[]; isPending: boolean };
}) => (
  <VirtualizedSelectInput
    source={source}
    label={label}
    choices={companies.data ?? []}
    optionText="name"
    optionValue="id"
    isPending={companies.isPending}
  />
);

const SearchFields = ({ onSearch, onClear }: SearchCallbacks) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues, reset } = useFormContext();
  const { submitCount } = useFormState();
  const ticketNumber = useWatch({ name: TICKET_NUMBER });
  const refocus = useRefocusTicketNumber();
  const contractors = useContractorCompanies();
  const haulageCompanies = useHaulageCompanies();

  const loadFailed = contractors.error ?? haulageCompanies.error;
  useEffect(() => {
    if (loadFailed) notify('portal.dashboard.companiesLoadFailed', { type: 'error' });
  }, [loadFailed, notify]);

  // A typed ticket number searches by itself, 500 ms after the last key.
  const typedBefore = useRef(ticketNumber);
  useEffect(() => {
    if (typedBefore.current === ticketNumber) return;
    typedBefore.current = ticketNumber;
    const typed = String(ticketNumber ?? '').trim();
    if (typed !== '' && !isTicketNumber(typed)) return;
    const timer = setTimeout(() => {
      searchOrClear(getValues(), { onSearch, onClear });
      refocus();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [ticketNumber, getValues, onSearch, onClear, refocus]);

  // The Search button and Enter.
  useEffect(() => {
    if (submitCount > 0) refocus();
  }, [submitCount, refocus]);

  const clear = () => {
    reset(emptyTicketSearch);
    typedBefore.current = '';
    onClear();
    refocus();
  };

  return (
    <InputGrid columns={{ xs: 2, sm: 3, lg: 4 }}>
      <TicketNumberInput
        source={TICKET_NUMBER}
        label="portal.dashboard.search.ticketNumber"
        validate={ticketNumberError}
        autoFocus
      />
      <CompanyInput
        source="transportCompanyId"
        label="portal.dashboard.search.haulageCompany"
        companies={haulageCompanies}
      />
      <CompanyInput
        source="contractorCompanyId"
        label="portal.dashboard.search.contractor"
        companies={contractors}
      />
      <TextInput source="jobSite" label="portal.dashboard.search.jobSite" autoComplete="off" />
      <PlateSearchInput label="portal.dashboard.search.licensePlate" />
      <DayInput source="fromDate" label="portal.dashboard.search.fromDate" />
      <DayInput source="toDate" label="portal.dashboard.search.toDate" validate={toAfterFrom.day} />
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          pt: 1,
          pb: 2,
          gridColumn: { xs: '1 / -1', sm: 'auto' },
        }}
      >
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {translate('portal.dashboard.search.submit')}
        </Button>
        <Button type="button" startIcon={<ClearIcon />} onClick={clear}>
          {translate('portal.dashboard.search.clear')}
        </Button>
      </Box>
    </InputGrid>
  );
};

/**
 * The Search tab: a ticket number, searched as it is typed, plus haulage company,
 * contractor, job site, licence plate and a date range, searched with the Search button or Enter.
 */
export const TicketSearchForm = ({ onSearch, onClear }: SearchCallbacks) => (
  <Form
    defaultValues={emptyTicketSearch}
    onSubmit={(values: FieldValues) => searchOrClear(values, { onSearch, onClear })}
    mode="onChange"
    noValidate
  >
    <SearchFields onSearch={onSearch} onClear={onClear} />
  </Form>
);
