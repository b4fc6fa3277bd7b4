import { ClearTab, UpdateTab } from './BulkEditTab';
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
