import type { ReactNode } from 'react';
import { type DatagridProps, type Identifier, ReferenceManyField } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { RecordPagination, rowsPerPage } from '../common/RecordList';
import { RecordTable } from '../common/RecordTable';
import { CompanySection } from './CompanySection';

/**
 * A contractor company's records of one kind (its projects, its contacts) on the company page, fetched
 * for that company through getManyReference and shown 50 per page (options 50, 100, 150) in a table of
 * `children`'s columns. A record's page is `recordPath(id)`; a new one's, `recordPath('new')`.
 */
export const CompanyReferenceSection = ({
  companyId,
  reference,
  sortField,
  title,
  addLabel,
  recordPath,
  actionsLabel,
  actions,
  tableSx,
  children,
}: {
  companyId: string;
  reference: string;
  sortField: string;
  title: string;
  addLabel: string;
  recordPath: (id: Identifier) => string;
  actionsLabel: string;
  /** Row actions before edit and delete. */
  actions?: ReactNode;
  tableSx?: DatagridProps['sx'];
  children: ReactNode;
}) => (
  <CompanySection title={title} action={<AddButton to={recordPath('new')} label={addLabel} />}>
    <ReferenceManyField
      resource="contractorCompanies"
      record={{ id: Number(companyId) }}
      reference={reference}
      target="contractorCompanyId"
      sort={{ field: sortField, order: 'ASC' }}
      perPage={rowsPerPage}
      pagination={<RecordPagination />}
    >
      <RecordTable path={recordPath} actionsLabel={actionsLabel} actions={actions} sx={tableSx}>
        {children}
      </RecordTable>
    </ReferenceManyField>
  </CompanySection>
);
