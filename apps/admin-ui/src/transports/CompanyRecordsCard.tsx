import type { ReactNode } from 'react';
import {
  type Identifier,
  ListContextProvider,
  type RaRecord,
  ResourceContextProvider,
  SimpleList,
  type SimpleListProps,
  useReferenceManyFieldController,
} from 'react-admin';
import { AddButton } from '../common/AddButton';
import { PhoneOrTable } from '../common/PhoneOrTable';
import { RecordPagination, rowsPerPage } from '../common/RecordList';
import { RecordTable } from '../common/RecordTable';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { CompanySection } from '../contractors/CompanySection';

interface CompanyRecordsCardProps<RecordType extends RaRecord> {
  /** 'trucks' or 'transportContacts': records with a transportCompanyId. */
  reference: string;
  companyId: Identifier;
  title: string;
  addLabel: string;
  /** A record's page under its company; a new one's is `recordPath('new', companyId)`. */
  recordPath: (id: Identifier, companyId: Identifier) => string;
  /** What a phone's one line a record shows. */
  phoneLine: Pick<SimpleListProps<RecordType>, 'primaryText' | 'secondaryText' | 'tertiaryText'>;
  /** The table's columns between the id and the actions. */
  children: ReactNode;
}

const byId = { field: 'id', order: 'ASC' } as const;

/**
 * One of the transport company page's tables: the page it shows, in the order chosen, fetched through
 * getManyReference (the trucks from the server a page at a time, issue 16; the contacts paged in the browser).
 */
export const CompanyRecordsCard = <RecordType extends RaRecord>({
  reference,
  companyId,
  title,
  addLabel,
  recordPath,
  phoneLine,
  children,
}: CompanyRecordsCardProps<RecordType>) => {
  const list = useReferenceManyFieldController<RaRecord, RecordType>({
    reference,
    target: 'transportCompanyId',
    record: { id: companyId },
    source: 'id',
    page: 1,
    perPage: rowsPerPage,
    sort: byId,
  });
  // List load failures show the original error message.
  useNotifyLoadError(list.error);
  const pathOf = (id: Identifier) => recordPath(id, companyId);
  // The resource wraps the heading too: its Add button checks access to the resource.
  return (
    <ResourceContextProvider value={reference}>
      <CompanySection title={title} action={<AddButton to={pathOf('new')} label={addLabel} />}>
        <ListContextProvider value={list}>
          <PhoneOrTable
            phone={<SimpleList<RecordType> {...phoneLine} rowClick={pathOf} />}
            table={
              <RecordTable<RecordType> path={pathOf} actionsLabel="portal.transports.actions">
                {children}
              </RecordTable>
            }
          />
          <RecordPagination />
        </ListContextProvider>
      </CompanySection>
    </ResourceContextProvider>
  );
};
