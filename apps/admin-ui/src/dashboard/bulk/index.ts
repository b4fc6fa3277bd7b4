import { ClearTab, UpdateTab } from './BulkEditTabs';
import { BulkReceiveTab } from './BulkReceiveTab';
import { ExportTab } from './ExportTab';
import { GenerateTab } from './GenerateTab';

/** The administrators' dashboard tabs. */
export const AdministratorTabs = {
  Generate: GenerateTab,
  Export: ExportTab,
  Update: UpdateTab,
  Clear: ClearTab,
  BulkReceive: BulkReceiveTab,
};
