import { type Theme, useMediaQuery } from '@mui/material';
import { Datagrid, FunctionField, type Identifier, SimpleList, TextField, WrapperField } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { RowActions } from '../common/RowActions';
import { formatKg } from '../i18n/weights';
import { CompanyRecordsCard } from '../transports/CompanyRecordsCard';
import { type Truck, truckPath } from './truck';

const tareWeight = (truck: Truck) => (truck.tareWeight == null ? '' : formatKg(truck.tareWeight));

/**
 * The company page's Trucks table (spec section 2): exactly ID, Company, Driver, Phone Number, Truck Number,
 * License Plate and Tare Weight, then edit and delete.
 */
export const TruckTable = ({ companyId }: { companyId: Identifier }) => {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const editPath = (id: Identifier) => truckPath(id, companyId);
  return (
    <CompanyRecordsCard
      reference="trucks"
      companyId={companyId}
      title="portal.trucks.title"
      action={<AddButton to={truckPath('new', companyId)} label="portal.trucks.add" />}
    >
      {isPhone ? (
        <SimpleList<Truck>
          primaryText={(truck) => `${truck.number} · ${truck.licensePlate}`}
          secondaryText={(truck) => truck.driverName ?? ''}
          tertiaryText={tareWeight}
          rowClick={editPath}
        />
      ) : (
        <Datagrid rowClick={editPath} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="transportCompanyName" />
          <TextField source="driverName" />
          <TextField source="driverNumber" />
          <TextField source="number" />
          <TextField source="licensePlate" />
          <FunctionField<Truck> source="tareWeight" textAlign="right" render={tareWeight} />
          <WrapperField label="portal.transports.actions" textAlign="right">
            <RowActions<Truck> editPath={(truck) => editPath(truck.id)} />
          </WrapperField>
        </Datagrid>
      )}
    </CompanyRecordsCard>
  );
};
