import ClearIcon from '@mui/icons-material/Clear';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Card, InputAdornment, TextField as MuiTextField } from '@mui/material';
import type { ContractorCompany } from '@portal/contract';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  type Identifier,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  useList,
  useRecordContext,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { ConfirmDeleteIconButton } from '../common/ConfirmDeleteIconButton';
import { IconLinkButton } from '../common/IconLinkButton';
import { RecordPagination, rowsPerPage } from '../common/RecordList';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { PageTitle } from '../layout/PageTitle';
import { contractorCompanyPath } from './contractor';
import { useContractorCompanySearch } from './contractor-company-search';
import { GenerateProjectsReportButton } from './GenerateProjectsReportButton';

/** Search lists wait 100 ms after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 100;

function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

const OverThresholdFlag = ({ show }: { show: boolean }) => {
  const translate = useTranslate();
  if (!show) return null;
  const label = translate('portal.contractors.overThreshold');
  // MUI hides a bare icon from screen readers; the wrapper carries the name instead.
  return (
    <Box data-tooltip={label} component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
      <WarningAmberIcon color="warning" fontSize="small" />
    </Box>
  );
};

const companyPath = (id: Identifier) => contractorCompanyPath(id);

const CompanyActions = () => {
  const company = useRecordContext<ContractorCompany>();
  if (!company) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <IconLinkButton
        to={companyPath(company.id)}
        label="ra.action.edit"
        icon={<EditIcon fontSize="small" />}
      />
      <ConfirmDeleteIconButton />
    </Box>
  );
};

/**
 * /contractors: every contractor company, searched by name on the server and paged in the browser 50 at a
 * time (options 50, 100, 150), so 2,000 companies still render only one page of rows.
 */
export const ContractorList = () => {
  const translate = useTranslate();
  const searchInput = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, isFetching, error } = useContractorCompanySearch(name);
  useNotifyLoadError(error);
  const overThreshold = useMemo(() => new Set(data?.contractorIdsThatAreOverThreshold), [data]);
  const listContext = useList<ContractorCompany>({
    data: data?.contractorCompanies,
    isPending,
    isFetching,
    perPage: rowsPerPage,
    sort: { field: 'name', order: 'ASC' },
    resource: 'contractorCompanies',
  });
  const { setPage } = listContext;

  const changeSearch = (event: ChangeEvent<HTMLInputElement>) => {
    setSearch(event.target.value);
    setPage(1);
  };
  const clearSearch = () => {
    setSearch('');
    setPage(1);
    searchInput.current?.focus();
  };

  return (
    <ResourceContextProvider value="contractorCompanies">
      <ListContextProvider value={listContext}>
        <PageTitle title="portal.contractors.title" />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2, mb: 1 }}>
          <MuiTextField
            inputRef={searchInput}
            type="search"
            size="small"
            label={translate('portal.contractors.searchByName')}
            value={search}
            onChange={changeSearch}
            autoFocus
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
          <Button startIcon={<ClearIcon />} onClick={clearSearch} disabled={search === ''}>
            {translate('portal.contractors.clear')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <GenerateProjectsReportButton />
          <CreateButton to="/contractor-company/new" label="portal.contractors.add" />
        </Box>
        <Card>
          <Datagrid rowClick={companyPath} bulkActionButtons={false}>
            <TextField source="id" />
            <TextField source="name" />
            <FunctionField<ContractorCompany>
              label="portal.contractors.status"
              sortable={false}
              render={(company) => <OverThresholdFlag show={overThreshold.has(company.id)} />}
            />
            <WrapperField label="portal.contractors.actions" textAlign="right">
              <CompanyActions />
            </WrapperField>
          </Datagrid>
          <RecordPagination />
        </Card>
      </ListContextProvider>
    </ResourceContextProvider>
  );
};
