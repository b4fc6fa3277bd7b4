import { FunctionField, type Identifier, TextField } from 'react-admin';
import { useSiteWeights } from '../settings/site-settings';
import { CompanyRecordsCard } from '../transports/CompanyRecordsCard';
import { type Truck, truckPath } from './truck';

/**
 * The company page's Trucks table: exactly ID, Company, Driver, Phone Number, Truck Number,
 * License Plate and Tare Weight, then edit and delete.
 */
export const TruckTable = ({ companyId }: { companyId: Identifier }) => {
  const weights = useSiteWeights();
  const tareWeight = (truck: Truck) => (truck.tareWeight == null ? '' : weights.format(truck.tareWeight));
  return (
    <CompanyRecordsCard<Truck>
      reference="trucks"
      companyId={companyId}
      title="portal.trucks.title"
      addLabel="portal.trucks.add"
      recordPath={truckPath}
      phoneLine={{
        primaryText: (truck) => `${truck.number} · ${truck.licensePlate}`,
        secondaryText: (truck) => truck.driverName ?? '',
        tertiaryText: tareWeight,
      }}
    >
      <TextField source="transportCompanyName" />
      <TextField source="driverName" />
      <TextField source="driverNumber" />
      <TextField source="number" />
      <TextField source="licensePlate" />
      <FunctionField<Truck> source="tareWeight" textAlign="right" render={tareWeight} />
    </CompanyRecordsCard>
  );
};
