import { type TrucksMovedEvent, transportCompanies, transportContacts, trucks } from '@portal/domain';
import { catalogueProjection } from '../catalogue/catalogue-projection';

export const transportCompaniesProjection = catalogueProjection({
  catalogue: transportCompanies,
  table: 'transportCompanies',
  toRow: ({ id, name }) => ({ id, name }),
});

export const transportContactsProjection = catalogueProjection({
  catalogue: transportContacts,
  table: 'transportContacts',
  toRow: (record) => ({ ...record }),
});

export const trucksProjection = catalogueProjection({
  catalogue: trucks,
  table: 'trucks',
  toRow: (record) => ({ ...record }),
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
