import { TruckDispatchPage } from './TruckDispatchPage';

/** The dispatch slice: the driver's public Truck Dispatch page. */
export default { page: TruckDispatchPage };
