import { Button, SaveButton, Toolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { contractorCompanyPath } from './contractor';

/** Save, or go back to the company page without saving (contact and project forms). */
export const CompanyFormToolbar = ({ companyId }: { companyId: string }) => (
  <Toolbar sx={{ gap: 1 }}>
    <SaveButton />
    <Button component={Link} to={contractorCompanyPath(companyId)} label="ra.action.cancel" size="medium" />
  </Toolbar>
);
