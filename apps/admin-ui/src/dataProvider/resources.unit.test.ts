import {
  ContractorContactDataSchema,
  NamedDataSchema,
  ProjectDataSchema,
  ScaleDataSchema,
  TransportContactDataSchema,
  TruckDataSchema,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { resourceRoutes } from './resources';

/**
 * Each catalogue resource's record as the domain keeps it, and the fields of it the server sets itself
 * (a form never sends them): a save from the admin UI must carry every other field, or a value the
 * form shows is silently not stored (the scale's weighing rules once were).
 */
const savedRecords: Record<string, { schema: { properties: object }; setByServer: string[] }> = {
  contractorCompanies: { schema: NamedDataSchema, setByServer: [] },
  contractorContacts: { schema: ContractorContactDataSchema, setByServer: [] },
  projects: { schema: ProjectDataSchema, setByServer: [] },
  transportCompanies: { schema: NamedDataSchema, setByServer: [] },
  transportContacts: { schema: TransportContactDataSchema, setByServer: [] },
  // A truck's tare date is stamped when a tare is weighed or typed.
  trucks: { schema: TruckDataSchema, setByServer: ['tareWeighedAt'] },
  materials: { schema: NamedDataSchema, setByServer: [] },
  materialTypes: { schema: NamedDataSchema, setByServer: [] },
  scales: { schema: ScaleDataSchema, setByServer: [] },
};

describe("the data provider's saves", () => {
  it('names every catalogue resource it saves', () => {
    expect(
      Object.keys(resourceRoutes)
        .filter((resource) => resource !== 'users')
        .sort(),
    ).toEqual(Object.keys(savedRecords).sort());
  });

  it.each(Object.entries(savedRecords))(
    'send every field of a %s record the server does not set',
    (resource, { schema, setByServer }) => {
      const record = Object.fromEntries(Object.keys(schema.properties).map((field) => [field, 1]));
      const sent = Object.keys(resourceRoutes[resource]?.toPayload(record) ?? {});
      const expected = Object.keys(schema.properties).filter((field) => !setByServer.includes(field));
      expect(sent.sort()).toEqual(expected.sort());
    },
  );
});
