import { type Identifier, SimpleForm, TextInput } from 'react-admin';
import { PhoneInput } from '../common/PhoneInput';
import { requiredText } from '../common/validation';
import { WeightInput } from '../common/WeightInput';
import { useWeightBound } from '../common/weight-bounds';
import { CompanyRecordToolbar } from '../transports/CompanyRecordToolbar';
import { LicensePlateInput } from './LicensePlateInput';

// A truck needs a number and a plate; the driver number keeps PhoneInput's own pattern check (optional,
// but well formed).
const validateNumber = requiredText('portal.trucks.numberRequired');

/** The truck form of /trucks/{new|id}/transport-company/{companyId}. */
export const TruckForm = ({ mode, companyId }: { mode: 'create' | 'edit'; companyId: Identifier }) => {
  // Issue 34 (D4): a tare lies in (0, the site's maximum], in the server's words.
  const validateTareWeight = useWeightBound('tare');
  return (
    <SimpleForm
      toolbar={<CompanyRecordToolbar companyId={companyId} mode={mode} />}
      defaultValues={
        mode === 'create' ? { transportCompanyId: Number(companyId), tareWeight: null } : undefined
      }
    >
      <TextInput
        source="number"
        label="portal.trucks.number"
        autoFocus
        validate={validateNumber}
        autoComplete="off"
      />
      <LicensePlateInput />
      <TextInput source="driverName" label="portal.trucks.driverName" autoComplete="off" />
      <PhoneInput source="driverNumber" label="portal.trucks.driverNumber" />
      <WeightInput
        source="tareWeight"
        label="portal.trucks.tareWeight"
        min={0}
        validate={validateTareWeight}
      />
    </SimpleForm>
  );
};
