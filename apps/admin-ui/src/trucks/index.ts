import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { truckScreens } from './TruckScreens';

/**
 * The trucks slice: listed on their company's page (TruckTable), edited at the spec's
 * /trucks/{id|new}/transport-company/{companyId} (see App.tsx).
 */
export default { ...truckScreens, icon: LocalShippingIcon };
