import { ScaleList } from './ScaleList';
import { ScaleScreen } from './ScaleScreen';

export default { list: ScaleList, screen: ScaleScreen };
