import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import { useTranslate } from 'react-admin';
import { currentSession } from '../../../session';
import { BulkEditTab } from './BulkEditTab';
import { BulkRangeInputs, FieldGrid } from './BulkParts';
import { type BulkClearBody, bulkClearBody, clearSwitches, clearsSomething } from './bulk-forms';
import { ClearSwitches } from './ClearSwitches';

const clearDefaults = {
  from: '',
  to: '',
  ...Object.fromEntries(clearSwitches.map((name) => [name, false])),
  clearAll: false,
};

/** The Clear tab: a from number, an optional to number, and the fields to empty. */
export const ClearTab = ({ onFinished }: { onFinished: () => void }) => {
  const translate = useTranslate();
  const userId = currentSession()?.userId;
  return (
    <BulkEditTab<BulkClearBody>
      kind="clear"
      intro="portal.bulk.clear.intro"
      defaultValues={clearDefaults}
      bodyOf={(values) => {
        const body = bulkClearBody(values, userId);
        return clearsSomething(body) ? { body } : { nothing: 'portal.bulk.clear.nothingToClear' };
      }}
      confirmFields={(body) =>
        clearSwitches
          .filter((name) => body[name])
          .map((name) => translate(`portal.bulk.clear.switches.${name}`))
          .join(', ')
      }
      submitLabel="portal.bulk.clear.submit"
      submitIcon={<CleaningServicesIcon />}
      onFinished={onFinished}
    >
      <FieldGrid>
        <BulkRangeInputs />
      </FieldGrid>
      <ClearSwitches />
    </BulkEditTab>
  );
};
