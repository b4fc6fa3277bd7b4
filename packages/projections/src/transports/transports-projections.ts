import { type TrucksMovedEvent, transportCompanies, transportContacts, trucks } from '@portal/domain';
import { catalogueProjection, namedRecordProjection } from '../catalogue/catalogue-projection';

export const transportCompaniesProjection = namedRecordProjection(transportCompanies, 'transportCompanies');

export const transportContactsProjection = catalogueProjection({
  catalogue: transportContacts,
  table: 'transportContacts',
});

export const trucksProjection = catalogueProjection({
  catalogue: trucks,
  table: 'trucks',
  alsoHandles: {
    async TrucksMoved(trx, event) {
      const { toTransportCompanyId, truckIds } = (event as unknown as TrucksMovedEvent).data;
      await trx
        .updateTable('trucks')
        .set({ transportCompanyId: toTransportCompanyId })
        .where('id', 'in', truckIds)
        .execute();
    },
  },
});
