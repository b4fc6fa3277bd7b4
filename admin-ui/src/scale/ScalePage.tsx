import { UpcomingScreen } from '../common/UpcomingScreen';

/** /scale: weigh-in and tare (spec section 2, Scale) come in a later release. */
export const ScalePage = () => <UpcomingScreen title="portal.menu.scale" />;
