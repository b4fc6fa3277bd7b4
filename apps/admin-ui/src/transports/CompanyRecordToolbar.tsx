import { Box } from '@mui/material';
import { Button, type Identifier, SaveButton, Toolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { transportCompanyPath } from './transport';

/**
 * The truck and contact forms' toolbar: Save, or back to the company page without saving; on an existing
 * record also Delete, which returns to the company page too.
 */
export const CompanyRecordToolbar = ({
  companyId,
  mode,
}: {
  companyId: Identifier;
  mode: 'create' | 'edit';
}) => (
  <Toolbar>
    <Box sx={{ display: 'flex', gap: 1 }}>
      <SaveButton />
      <Button component={Link} to={transportCompanyPath(companyId)} label="ra.action.cancel" size="medium" />
    </Box>
    {mode === 'edit' && <ConfirmDeleteButton redirect={transportCompanyPath(companyId)} />}
  </Toolbar>
);
