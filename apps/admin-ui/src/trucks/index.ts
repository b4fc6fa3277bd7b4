import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { TruckCreate } from './TruckCreate';
import { TruckEdit } from './TruckEdit';

/**
 * The trucks slice: listed on their company's page (TruckTable), edited at the spec's
 * /trucks/{id|new}/transport-company/{companyId} (see App.tsx).
 */
export default { edit: TruckEdit, create: TruckCreate, icon: LocalShippingIcon };
