import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { TransportCompanyCreate } from './TransportCompanyCreate';
import { TransportCompanyEdit } from './TransportCompanyEdit';
import { TransportCompanyList } from './TransportCompanyList';
import { transportContactScreens } from './TransportContactScreens';

/**
 * The transport companies slice, mounted on the spec's paths (see App.tsx): /transports,
 * /transport-company/{id|new}; its contacts at /contacts/{id|new}/transport-company/{companyId}.
 */
export default {
  list: TransportCompanyList,
  edit: TransportCompanyEdit,
  create: TransportCompanyCreate,
  icon: LocalShippingIcon,
  contacts: transportContactScreens,
};
