import { BulkReceiveTab } from './BulkReceiveTab';
import { ClearTab } from './ClearTab';
import { ExportTab } from './ExportTab';
import { GenerateTab } from './GenerateTab';
import { UpdateTab } from './UpdateTab';

/** The administrators' dashboard tabs. */
export const AdministratorTabs = {
  Generate: GenerateTab,
  Export: ExportTab,
  Update: UpdateTab,
  Clear: ClearTab,
  BulkReceive: BulkReceiveTab,
};
