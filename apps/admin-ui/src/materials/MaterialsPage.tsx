import { Box } from '@mui/material';
import { PageTitle } from '../layout/PageTitle';
import { MaterialList } from './MaterialList';

/** /materials: materials and material types side by side, stacked on phones (991 px or less). */
export const MaterialsPage = () => (
  <>
    <PageTitle title="portal.materials.title" />
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <MaterialList kind="materials" />
      <MaterialList kind="materialTypes" />
    </Box>
  </>
);
