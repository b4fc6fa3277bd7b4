import type { ReactNode } from 'react';
import {
  type Identifier,
  ListContextProvider,
  ResourceContextProvider,
  useGetManyReference,
  useList,
} from 'react-admin';
import { RecordPagination, rowsPerPage } from '../common/RecordList';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { CompanySection } from '../contractors/CompanySection';
import { everyRecord } from './transport';

interface CompanyRecordsCardProps {
  /** 'trucks' or 'transportContacts': records with a transportCompanyId. */
  reference: string;
  companyId: Identifier;
  title: string;
  action: ReactNode;
  children: ReactNode;
}

const byId = { field: 'id', order: 'ASC' } as const;

/**
 * One of the transport company page's tables. The company's records are fetched once and then sorted and
 * paged in memory, so a company with thousands of trucks pages and sorts without a round trip per click.
 */
export const CompanyRecordsCard = ({
  reference,
  companyId,
  title,
  action,
  children,
}: CompanyRecordsCardProps) => {
  const { data, isPending, isFetching, error } = useGetManyReference(reference, {
    target: 'transportCompanyId',
    id: companyId,
    pagination: everyRecord,
    sort: byId,
  });
  // Spec section 8: list load failures show the original error message.
  useNotifyLoadError(error);
  const list = useList({
    data,
    isPending,
    isFetching,
    resource: reference,
    perPage: rowsPerPage,
    sort: byId,
  });
  // The resource wraps the heading too: its Add button checks access to the resource.
  return (
    <ResourceContextProvider value={reference}>
      <CompanySection title={title} action={action}>
        <ListContextProvider value={list}>
          {children}
          <RecordPagination />
        </ListContextProvider>
      </CompanySection>
    </ResourceContextProvider>
  );
};
