import AddIcon from '@mui/icons-material/Add';
import type { ReactNode } from 'react';
import { Button, Pagination, ReferenceManyField } from 'react-admin';
import { Link } from 'react-router-dom';
import { CompanySection } from './CompanySection';

/**
 * A contractor company's records of one kind (its projects, its contacts) on the company page, fetched
 * for that company through getManyReference and shown 50 per page (options 50, 100, 150).
 */
export const CompanyReferenceSection = ({
  companyId,
  reference,
  sortField,
  title,
  addLabel,
  addPath,
  children,
}: {
  companyId: string;
  reference: string;
  sortField: string;
  title: string;
  addLabel: string;
  addPath: string;
  children: ReactNode;
}) => (
  <CompanySection
    title={title}
    action={
      <Button component={Link} to={addPath} label={addLabel}>
        <AddIcon />
      </Button>
    }
  >
    <ReferenceManyField
      resource="contractorCompanies"
      record={{ id: Number(companyId) }}
      reference={reference}
      target="contractorCompanyId"
      sort={{ field: sortField, order: 'ASC' }}
      perPage={50}
      pagination={<Pagination rowsPerPageOptions={[50, 100, 150]} />}
    >
      {children}
    </ReferenceManyField>
  </CompanySection>
);
