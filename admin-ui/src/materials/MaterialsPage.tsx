import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { MaterialList } from './MaterialList';

/** /materials: materials and material types side by side, stacked on phones (991 px or less). */
export const MaterialsPage = () => (
  <>
    <Title title="portal.materials.title" />
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <MaterialList kind="materials" />
      <MaterialList kind="materialTypes" />
    </Box>
  </>
);
