import LayersIcon from '@mui/icons-material/Layers';
import { MaterialCreate } from './MaterialCreate';
import { MaterialEdit } from './MaterialEdit';
import { MaterialsPage } from './MaterialsPage';

/** The materials slice (materials and material types): /materials, /material/{id|new}, /material-type/{id|new}. */
export default { list: MaterialsPage, edit: MaterialEdit, create: MaterialCreate, icon: LayersIcon };
