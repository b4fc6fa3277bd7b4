import { FunctionField, type Identifier, SimpleList, TextField } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { PhoneOrTable } from '../common/PhoneOrTable';
import { RecordTable } from '../common/RecordTable';
import { formatKg } from '../i18n/weights';
import { CompanyRecordsCard } from '../transports/CompanyRecordsCard';
import { type Truck, truckPath } from './truck';

const tareWeight = (truck: Truck) => (truck.tareWeight == null ? '' : formatKg(truck.tareWeight));

/**
 * The company page's Trucks table (spec section 2): exactly ID, Company, Driver, Phone Number, Truck Number,
 * License Plate and Tare Weight, then edit and delete.
 */
export const TruckTable = ({ companyId }: { companyId: Identifier }) => {
  const editPath = (id: Identifier) => truckPath(id, companyId);
  return (
    <CompanyRecordsCard
      reference="trucks"
      companyId={companyId}
      title="portal.trucks.title"
      action={<AddButton to={truckPath('new', companyId)} label="portal.trucks.add" />}
    >
      <PhoneOrTable
        phone={
          <SimpleList<Truck>
            primaryText={(truck) => `${truck.number} · ${truck.licensePlate}`}
            secondaryText={(truck) => truck.driverName ?? ''}
            tertiaryText={tareWeight}
            rowClick={editPath}
          />
        }
        table={
          <RecordTable<Truck> path={editPath} actionsLabel="portal.transports.actions">
            <TextField source="transportCompanyName" />
            <TextField source="driverName" />
            <TextField source="driverNumber" />
            <TextField source="number" />
            <TextField source="licensePlate" />
            <FunctionField<Truck> source="tareWeight" textAlign="right" render={tareWeight} />
          </RecordTable>
        }
      />
    </CompanyRecordsCard>
  );
};
