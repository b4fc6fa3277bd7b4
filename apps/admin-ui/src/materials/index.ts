import LayersIcon from '@mui/icons-material/Layers';
import { MaterialScreen } from './MaterialScreen';
import { MaterialsPage } from './MaterialsPage';

/** The materials slice (materials and material types): /materials, /material/{id|new}, /material-type/{id|new}. */
export default { list: MaterialsPage, screen: MaterialScreen, icon: LayersIcon };
