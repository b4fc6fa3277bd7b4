/**
 * Hostile input on every write route (and the lookups beside them): each value of the table goes
 * into each field of its kind (numbers and ids, dates, text, e-mails, flags). Every answer must be
 * 2xx or 4xx, never 5xx, and afterwards the read models must still move: a value the read models
 * cannot store, once accepted, is refused by every projection batch and holds ALL of them back.
 *
 * What this table found: a long name or username (a btree index entry too large) and a bulk update's
 * truck type past int4 stalled every read model; ids past int4 handed to a lookup, NUL characters and
 * unpaired surrogates (the event store's jsonb refuses them), '1e400' in a path (coerced to Infinity,
 * which the schema's maximum lets through), 30 February or year 0 in a filter, and a 36-dash run id
 * answered 500; a ticket date of 30 February was saved as 2 March; sixteen report requests at once
 * took the whole pool and hung.
 */
import { randomBytes } from 'node:crypto';
import { awaitRun, type Headers } from '@portal/api/test/portal';
import { type InjectResponse, type Method, useTicketPortal } from '@portal/api/test/ticket-kit';
import { type Ticket, TicketFilterBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const kit = useTicketPortal();

/** 100 000 characters that do not compress (a btree index compresses a long repetitive text to fit). */
const longText = randomBytes(75_000).toString('base64');

/** The table of hostile values, by what a field holds; every value of its kind goes into every field. */
const value = {
  int4Overflow: ['2^31', 2_147_483_648],
  negative: ['-1', -1],
  huge: ['1e308', 1e308],
  nanText: ["'NaN'", 'NaN'],
  infinityText: ["'1e400'", '1e400'],
  nines: ['400 nines', '9'.repeat(400)],
  fraction: ['1.5', 1.5],
  year10000: ['year 10000', '+010000-01-01T00:00:00Z'],
  year0: ['year 0', '0000-01-01'],
  february30: ['30 February', '2026-02-30'],
  longText: ['100k characters', longText],
  longEmail: ['100k-character e-mail', `${longText}@example.com`],
  nul: ['NUL', 'Pit\u0000Road'],
  nulEmail: ['NUL in an e-mail', 'nul\u0000byte@example.com'],
  loneSurrogate: ['lone surrogate', 'Pit\ud800Road'],
  loneSurrogateEmail: ['lone surrogate in an e-mail', 'lone\udc00@example.com'],
  object: ['object', { nested: { value: 1 } }],
  array: ['array', [1, 'two', [3]]],
} as const satisfies Record<string, readonly [string, unknown]>;

type Hostile = readonly [string, unknown];
const everyField: Hostile[] = [
  value.int4Overflow,
  value.huge,
  value.longText,
  value.nul,
  value.loneSurrogate,
  value.object,
  value.array,
];
const numberValues: Hostile[] = [
  ...everyField,
  value.negative,
  value.nanText,
  value.infinityText,
  value.nines,
  value.fraction,
];
const valuesOf = {
  number: numberValues,
  date: [...everyField, value.year10000, value.year0, value.february30, value.nanText, value.infinityText],
  text: [...everyField, value.negative, value.year10000],
  email: [...everyField, value.longEmail, value.nulEmail, value.loneSurrogateEmail],
  flag: [...everyField, value.negative, value.nanText, value.fraction],
  /** An id in a path: a run id of 36 dashes looked like a uuid to a simple pattern. */
  path: [...numberValues, ['36 dashes', '-'.repeat(36)], ['0', 0]],
} satisfies Record<string, Hostile[]>;

const phoneLike =
  /^(number|siteContactNumber|transportContactNumber|truckDriverNumber|driverNumber|truckNumber)$/;

/** What a field holds, by its name (the names the API's records and bodies use). */
function kindOf(field: string): keyof typeof valuesOf {
  const name = field.split('.').at(-1) ?? field;
  if (name === ':id') return 'path';
  if (/^(date|timeLoaded|timeReceived|\?selectedDate|fromDate|toDate)$/.test(name)) return 'date';
  if (/^(username|email|\?emails|haulageRecordReceiverEmail)$/.test(name)) return 'email';
  if (/^(is[A-Z]|clear|force|update|createTransport|\?ignoreLock)/.test(name)) return 'flag';
  if (phoneLike.test(name)) return 'text';
  if (/(Id|^id|^version|^from|^to|Number|^weight|Weight|^approved|^currentPrefix|^ticketRange)$/.test(name))
    return 'number';
  return 'text';
}

/** A value in a URL: objects as JSON; a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
const inUrl = (value: unknown): string => {
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
};

/** A copy of `body` with the dotted `path` set to `value`. */
function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    node[key] = { ...((node[key] as Record<string, unknown> | undefined) ?? {}) };
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = value;
  return copy;
}

interface Target {
  method: Method;
  /** ':id' is replaced by a path field's value; '?name' fields go into the query string. */
  url: string;
  /** A valid request, made fresh for each case (new records need their own names and plates). */
  body?: () => Record<string, unknown>;
  query?: Record<string, string>;
  /** Dotted paths into the body, ':id' for the path, '?name' for a query parameter. */
  fields: string[];
}

interface Outcome {
  target: string;
  field: string;
  value: string;
  status: number;
  body: string;
}

/** Runs `work` over `items`, `width` at a time. */
async function concurrently<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

const ticketFields = [
  'ticket.id',
  'ticket.version',
  'ticket.ticketNumber',
  'ticket.date',
  'ticket.timeLoaded',
  'ticket.timeReceived',
  'ticket.jobSite',
  'ticket.contractorCompanyId',
  'ticket.transportCompanyId',
  'ticket.truckId',
  'ticket.truckTypeId',
  'ticket.truckNumber',
  'ticket.truckLicensePlate',
  'ticket.truckDriverName',
  'ticket.truckDriverNumber',
  'ticket.siteContactName',
  'ticket.siteContactNumber',
  'ticket.contractorOfficeContactId',
  'ticket.transportContactName',
  'ticket.transportContactNumber',
  'ticket.projectId',
  'ticket.projectLeader',
  'ticket.materialTypeId',
  'ticket.materialId',
  'ticket.isSaltImpacted',
  'ticket.notes',
  'ticket.weight',
  'ticket.soilFLOTicketId',
  'ticket.updateSoilFLO',
  'ticket.isReceived',
  'loggedInUserId',
  'createTransportIfDoesNotExist',
];

/** Every field the search and report filters declare. */
const filterFields = Object.keys(TicketFilterBody.properties);

describe('hostile input on every write route', () => {
  it('answers 2xx or 4xx, never 5xx, and the read models still move afterwards', async () => {
    let serial = 0;
    const unique = () => ++serial;
    const ok = async <T>(method: Method, url: string, payload?: object): Promise<T> => {
      const response = await kit.call(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json<T>();
    };

    // Reference data and tickets the valid requests name.
    const contractor = await kit.contractor('Hardening Builders');
    const contact = await ok<{ id: number }>('POST', '/api/contractorcontact/new', {
      contractorCompanyId: contractor.id,
      contractorContact: {
        name: 'Carla Site',
        number: '(416)555-0101',
        email: 'carla@hardening.test',
        isOfficeContact: true,
        isSiteContact: true,
      },
    });
    const hauler = await kit.transportCompany('Hardening Haulage');
    const otherHauler = await kit.transportCompany('Hardening Haulage Two');
    const transportContact = await ok<{ id: number }>('POST', '/api/transportcontact/new', {
      transportCompanyId: hauler.id,
      transportContact: { name: 'Tom Transport', number: '(416)555-0102' },
    });
    const truck = await kit.truck({ transportCompanyId: hauler.id, tareWeight: 9000 });
    const material = await kit.material('Hardening Clay');
    const materialType = await kit.materialType('Hardening Fill');
    const project = await kit.project({ contractorCompanyId: contractor.id });
    const user = await ok<{ id: number; username: string }>('POST', '/api/user/new', {
      username: 'hardened@portal.test',
      password: 'Hardened-tulip-anvil-72',
      firstName: 'Harry',
      lastName: 'Hardened',
      roleId: 2,
    });
    const settings = await ok<Record<string, unknown>>('GET', '/api/setting');
    const refs = { contractorCompanyId: contractor.id, transportCompanyId: hauler.id };
    const [edited, typed, weighed, rejected, bulkFirst, bulkLast, bulkReceived] = await kit.fresh(7);
    const receivePool = await kit.fresh(40);
    if (!edited || !typed || !weighed || !rejected || !bulkFirst || !bulkLast || !bulkReceived)
      throw new Error('tickets missing');
    const form = kit.completeForm(refs);
    await kit.full(edited.id, form);
    const logEntry = (await kit.logs(edited.id)).at(-1);
    if (!logEntry) throw new Error('no log entry');

    const named = (base: string) => ({ name: `${base} ${unique()}` });
    const truckBody = () => {
      const n = unique();
      return {
        truck: {
          transportCompanyId: hauler.id,
          number: `H-${n}`,
          licensePlate: `HX${String(n).padStart(5, '0')}`,
          driverName: 'Dan Driver',
          driverNumber: '(416)555-0103',
          tareWeight: 8000,
        },
      };
    };
    const projectBody = (id?: number) => ({
      project: {
        ...(id ? { id } : {}),
        projectId: `HP-${unique()}`,
        contractorCompanyId: contractor.id,
        jobSite: '1 Pit Rd',
        siteContactId: contact.id,
        officeContactId: contact.id,
        materialTypeId: materialType.id,
        approved: 100,
        notes: 'Approved load',
        isSoilFLOProject: false,
        overThreshold: false,
        saltImpacted: false,
      },
      loggedInUserId: 1,
    });
    const projectFields = [
      'project.id',
      'project.version',
      'project.projectId',
      'project.contractorCompanyId',
      'project.jobSite',
      'project.siteContactId',
      'project.officeContactId',
      'project.materialTypeId',
      'project.approved',
      'project.notes',
      'project.isSoilFLOProject',
      'loggedInUserId',
    ];
    // Every saved password is hashed with argon2 (46 MiB, about 0.05 s of CPU each): only the edit's
    // password case saves one.
    const userBody = (id?: number) => ({
      ...(id
        ? { id, username: user.username }
        : { username: `hostile${unique()}@portal.test`, password: 'Hostile-maple-rocket-19' }),
      firstName: 'Holly',
      lastName: 'Hostile',
      phoneNumber: '(416)555-0104',
      roleId: 2,
    });
    const bulkBody = () => ({
      from: bulkFirst.ticketNumber,
      to: bulkLast.ticketNumber,
      contractorCompanyId: contractor.id,
      jobSite: 'Bulk Pit',
      contractorOfficeContactId: contact.id,
      truckTypeId: 2,
      materialTypeId: materialType.id,
      siteContactId: contact.id,
      projectId: project.id,
      isSaltImpacted: true,
      isSoilFLOTicket: false,
      loggedInUserId: 1,
      forceUpdate: true,
    });
    const bulkFields = [
      'from',
      'to',
      'contractorCompanyId',
      'jobSite',
      'contractorOfficeContactId',
      'truckTypeId',
      'materialTypeId',
      'siteContactId',
      'projectId',
      'isSaltImpacted',
      'forceUpdate',
    ];
    const clearBody = () => ({
      from: bulkFirst.ticketNumber,
      to: bulkLast.ticketNumber,
      clearJobSite: true,
      loggedInUserId: 1,
    });
    const clearFields = ['from', 'to', 'clearJobSite', 'clearContractor', 'clearAll', 'loggedInUserId'];
    const filterBody = () => ({ from: bulkFirst.ticketNumber, to: bulkLast.ticketNumber });
    let receiving = 0;
    const nextToReceive = () => (receivePool[receiving++ % receivePool.length] as Ticket).id;

    const targets: Target[] = [
      // Auth and users
      {
        method: 'POST',
        url: '/api/auth/Authenticate',
        body: () => ({ username: 'nobody@portal.test', password: 'not-the-password' }),
        fields: ['username', 'password'],
      },
      {
        method: 'POST',
        url: '/api/user/new',
        body: () => userBody(),
        fields: ['id', 'username', 'phoneNumber', 'roleId'],
      },
      {
        method: 'PUT',
        url: '/api/user/edit',
        body: () => userBody(user.id),
        fields: ['id', 'version', 'username', 'password', 'firstName', 'lastName', 'phoneNumber', 'roleId'],
      },
      { method: 'DELETE', url: '/api/user/:id', fields: [':id'] },
      // Settings
      {
        method: 'PUT',
        url: '/api/setting',
        body: () => {
          const { version: _version, ...current } = settings;
          return current;
        },
        fields: [
          'version',
          'currentPrefix',
          'defaultTareWeight',
          'haulageRecordReceiverName',
          'haulageRecordReceiverPhone',
          'haulageRecordReceiverEmail',
        ],
      },
      // Contractors
      {
        method: 'POST',
        url: '/api/contractorcompany/new',
        body: () => named('Hostile Builders'),
        fields: ['name'],
      },
      {
        method: 'PUT',
        url: '/api/contractorcompany/edit',
        body: () => ({ id: contractor.id, name: 'Hardening Builders' }),
        fields: ['id', 'version', 'name'],
      },
      { method: 'DELETE', url: '/api/contractorcompany/:id', fields: [':id'] },
      {
        method: 'POST',
        url: '/api/contractorcontact/new',
        body: () => ({
          contractorCompanyId: contractor.id,
          contractorContact: {
            name: `Cora ${unique()}`,
            number: '(416)555-0105',
            email: 'cora@hardening.test',
            isOfficeContact: false,
            isSiteContact: true,
          },
        }),
        fields: [
          'contractorCompanyId',
          'contractorContact.name',
          'contractorContact.number',
          'contractorContact.email',
          'contractorContact.isOfficeContact',
          'contractorContact.isSiteContact',
        ],
      },
      {
        method: 'PUT',
        url: '/api/contractorcontact/edit',
        body: () => ({
          contractorCompanyId: contractor.id,
          contractorContact: {
            id: contact.id,
            name: 'Carla Site',
            number: '(416)555-0101',
            email: 'carla@hardening.test',
            isOfficeContact: true,
            isSiteContact: true,
          },
        }),
        fields: [
          'contractorCompanyId',
          'contractorContact.id',
          'contractorContact.version',
          'contractorContact.name',
          'contractorContact.email',
        ],
      },
      { method: 'DELETE', url: '/api/contractorcontact/:id', fields: [':id'] },
      {
        method: 'POST',
        url: '/api/contractorcontact/all',
        body: () => ({ contractorCompanyId: contractor.id }),
        fields: ['contractorCompanyId'],
      },
      // Projects
      { method: 'POST', url: '/api/project/new', body: () => projectBody(), fields: projectFields },
      { method: 'PUT', url: '/api/project/edit', body: () => projectBody(project.id), fields: projectFields },
      { method: 'DELETE', url: '/api/project/:id', fields: [':id'] },
      { method: 'POST', url: `/api/project/${project.id}/tickets`, body: filterBody, fields: filterFields },
      // Transport
      {
        method: 'POST',
        url: '/api/transportcompany/new',
        body: () => named('Hostile Haulage'),
        fields: ['name'],
      },
      {
        method: 'PUT',
        url: '/api/transportcompany/edit',
        body: () => ({ id: hauler.id, name: 'Hardening Haulage' }),
        fields: ['id', 'version', 'name'],
      },
      { method: 'DELETE', url: '/api/transportcompany/:id', fields: [':id'] },
      {
        method: 'POST',
        url: '/api/transportcontact/new',
        body: () => ({
          transportCompanyId: hauler.id,
          transportContact: { name: `Tina ${unique()}`, number: '(416)555-0106' },
        }),
        fields: ['transportCompanyId', 'transportContact.name', 'transportContact.number'],
      },
      {
        method: 'PUT',
        url: '/api/transportcontact/edit',
        body: () => ({
          transportCompanyId: hauler.id,
          transportContact: { id: transportContact.id, name: 'Tom Transport', number: '(416)555-0102' },
        }),
        fields: [
          'transportCompanyId',
          'transportContact.id',
          'transportContact.version',
          'transportContact.name',
        ],
      },
      { method: 'DELETE', url: '/api/transportcontact/:id', fields: [':id'] },
      {
        method: 'POST',
        url: '/api/transportcontact/all',
        body: () => ({ transportCompanyId: hauler.id }),
        fields: ['transportCompanyId'],
      },
      // Trucks
      {
        method: 'POST',
        url: '/api/truck/new',
        body: truckBody,
        fields: [
          'transportCompanyId',
          'truck.transportCompanyId',
          'truck.number',
          'truck.licensePlate',
          'truck.driverName',
          'truck.driverNumber',
          'truck.tareWeight',
        ],
      },
      {
        method: 'PUT',
        url: '/api/truck/edit',
        body: () => ({
          truck: {
            id: truck.id,
            transportCompanyId: hauler.id,
            number: truck.number,
            licensePlate: truck.licensePlate,
            driverName: 'Dan Driver',
            tareWeight: 9000,
          },
        }),
        fields: [
          'truck.id',
          'truck.version',
          'truck.transportCompanyId',
          'truck.number',
          'truck.licensePlate',
          'truck.driverName',
          'truck.tareWeight',
        ],
      },
      {
        method: 'PUT',
        url: '/api/truck/tare',
        body: () => ({ truck: { id: truck.id, tareWeight: 9000 } }),
        fields: ['truck.id', 'truck.version', 'truck.tareWeight'],
      },
      {
        method: 'POST',
        url: '/api/truck/move',
        // The source company has a truck, so the target is looked up; no value below names a real company.
        body: () => ({ fromTransportCompanyId: hauler.id, toTransportCompanyId: otherHauler.id }),
        fields: ['fromTransportCompanyId', 'toTransportCompanyId'],
      },
      {
        method: 'POST',
        url: '/api/truck/all',
        body: () => ({ transportCompanyId: hauler.id }),
        fields: ['transportCompanyId'],
      },
      { method: 'DELETE', url: '/api/truck/:id', fields: [':id'] },
      // Materials and material types
      { method: 'POST', url: '/api/scale/material/new', body: () => named('Hostile Clay'), fields: ['name'] },
      {
        method: 'PUT',
        url: '/api/scale/material/edit',
        body: () => ({ id: material.id, name: 'Hardening Clay' }),
        fields: ['id', 'version', 'name'],
      },
      { method: 'DELETE', url: '/api/scale/material/:id', fields: [':id'] },
      {
        method: 'POST',
        url: '/api/scale/material/type/new',
        body: () => named('Hostile Fill'),
        fields: ['name'],
      },
      {
        method: 'PUT',
        url: '/api/scale/material/type/edit',
        body: () => ({ id: materialType.id, name: 'Hardening Fill' }),
        fields: ['id', 'version', 'name'],
      },
      { method: 'DELETE', url: '/api/scale/material/type/:id', fields: [':id'] },
      // Tickets
      {
        method: 'PUT',
        url: '/api/ticket/edit',
        body: () => ({ ticket: { id: edited.id, ...form }, loggedInUserId: 1 }),
        fields: ticketFields,
      },
      {
        method: 'PUT',
        url: '/api/ticket/edit/short',
        body: () => ({ ticket: { id: edited.id, ...form }, loggedInUserId: 1 }),
        fields: ticketFields,
      },
      {
        // A haulage company typed by name is created with the save.
        method: 'PUT',
        url: '/api/ticket/edit/short',
        body: () => ({
          ticket: {
            id: typed.id,
            transportCompanyId: null,
            transportCompanyName: `Typed Haulage ${unique()}`,
          },
          createTransportIfDoesNotExist: true,
        }),
        fields: ['ticket.transportCompanyName'],
      },
      {
        method: 'PUT',
        url: '/api/ticket/receive',
        body: () => ({ ticketId: nextToReceive(), source: 'ticket', ticket: { jobSite: 'Received Pit' } }),
        fields: [
          'ticketId',
          'source',
          'ticket.date',
          'ticket.timeLoaded',
          'ticket.timeReceived',
          'ticket.weight',
          'ticket.notes',
          'ticket.jobSite',
          'ticket.contractorCompanyId',
          'ticket.truckTypeId',
        ],
      },
      {
        method: 'PUT',
        url: '/api/ticket/reset',
        body: () => ({ ticket: { id: weighed.id } }),
        fields: ['ticket.id'],
      },
      {
        method: 'POST',
        url: '/api/ticket/reject',
        body: () => ({ ticketId: rejected.id, reason: 'Wet load', loggedInUserId: 1 }),
        fields: ['ticketId', 'reason', 'loggedInUserId'],
      },
      {
        method: 'PUT',
        url: '/api/ticket/toggle/dispatch',
        body: () => ({ ticket: { id: edited.id } }),
        fields: ['ticket.id'],
      },
      {
        method: 'PUT',
        url: '/api/ticket/weigh',
        body: () => ({ ticketId: weighed.id, materialId: material.id, weight: 15_000, loggedInUserId: 1 }),
        fields: ['ticketId', 'materialId', 'weight', 'loggedInUserId'],
      },
      {
        method: 'POST',
        url: '/api/ticket/restore',
        body: () => ({ logEntryId: logEntry.id }),
        fields: ['logEntryId'],
      },
      { method: 'DELETE', url: '/api/ticket/:id', fields: [':id'] },
      {
        method: 'POST',
        url: '/api/ticket/generate',
        body: () => ({ from: 990_000, to: 990_001, isSoilFLOTicket: false, email: null }),
        fields: ['from', 'to', 'isSoilFLOTicket', 'email'],
      },
      { method: 'POST', url: '/api/ticket/bulk', body: bulkBody, fields: bulkFields },
      { method: 'POST', url: '/api/ticket/bulk/check', body: bulkBody, fields: bulkFields },
      { method: 'POST', url: '/api/ticket/bulk/clear', body: clearBody, fields: clearFields },
      { method: 'POST', url: '/api/ticket/bulk/clear/check', body: clearBody, fields: clearFields },
      {
        method: 'POST',
        url: '/api/ticket/bulk/receive',
        body: () => ({
          ticketRange: String(bulkReceived.ticketNumber),
          forceReceive: false,
          loggedInUserId: 1,
        }),
        fields: ['ticketRange', 'forceReceive', 'loggedInUserId'],
      },
      {
        method: 'POST',
        url: '/api/ticket/generate/excel',
        body: () => ({
          from: bulkFirst.ticketNumber,
          to: bulkLast.ticketNumber,
          email: 'export@hardening.test',
        }),
        fields: ['from', 'to', 'email'],
      },
      { method: 'POST', url: '/api/ticket/report', body: filterBody, fields: filterFields },
      { method: 'POST', url: '/api/ticket/search', body: filterBody, fields: filterFields },
      {
        method: 'POST',
        url: '/api/ticket/search/page',
        query: { page: '2', perPage: '100', sort: 'timeLoaded', order: 'ASC' },
        body: filterBody,
        fields: [...filterFields, '?page', '?perPage', '?sort', '?order'],
      },
      {
        method: 'GET',
        url: '/api/ticket/report/daily-summary',
        query: { ignoreLock: 'true', selectedDate: '2026-01-15', emails: 'summary@hardening.test' },
        fields: ['?selectedDate', '?emails', '?ignoreLock'],
      },
      {
        method: 'GET',
        url: '/api/ticket/report/projects',
        query: { ignoreLock: 'true' },
        fields: ['?ignoreLock'],
      },
      // Lookups by id (an id past int4 must be a 4xx, not a database error)
      ...[
        '/api/ticket/:id',
        `/api/ticket/${edited.id}/:id`,
        '/api/ticket/:id/0123456789abcdef',
        '/api/ticket/:id/hash',
        '/api/ticket/:id/history',
        '/api/ticket/logs/:id',
        '/api/project/:id',
        '/api/project/:id/ticket',
        '/api/project/contractor/:id',
        '/api/project/logs/:id',
        '/api/contractorcompany/:id',
        '/api/contractorcontact/:id',
        '/api/transportcompany/:id',
        '/api/transportcontact/:id',
        '/api/truck/:id',
        '/api/scale/material/:id',
        '/api/scale/material/type/:id',
        '/api/user/:id',
        '/api/job/:id',
        '/api/mail/outbox/:id',
        '/api/mail/outbox/:id/attachments/0',
        '/api/mail/outbox/1/attachments/:id',
      ].map((url): Target => ({ method: 'GET', url, fields: [':id'] })),
      { method: 'POST', url: '/api/ticket/:id/hash/revoke', fields: [':id'] },
      { method: 'GET', url: '/api/contractorcompany/all', fields: ['?name'] },
      { method: 'GET', url: '/api/ticket/latest/active', fields: ['?filter'] },
    ];

    // Round robin over the routes, so requests in flight at once rarely share a record (a save of the
    // same ticket from 16 requests would mostly retry and answer 409).
    const perTarget = targets.map((target) =>
      target.fields.flatMap((field) =>
        valuesOf[kindOf(field)].map(([label, value]) => ({ target, field, label, value })),
      ),
    );
    const longest = Math.max(...perTarget.map((list) => list.length));
    const cases = Array.from({ length: longest }, (_, i) => perTarget.flatMap((list) => list[i] ?? []));
    const flat = cases.flat();
    const runIds: string[] = [];
    const send = async ({ target, field, label, value }: (typeof flat)[number]): Promise<Outcome> => {
      let url = target.url;
      let payload: Record<string, unknown> | undefined = target.body?.();
      const query = Object.entries(target.query ?? {}).map(([name, v]) => [name, encodeURIComponent(v)]);
      if (field === ':id') url = url.replace(':id', inUrl(value));
      else if (field.startsWith('?')) {
        const name = field.slice(1);
        const items = Array.isArray(value) ? value : [value];
        query.splice(0, query.length, ...query.filter(([other]) => other !== name));
        for (const item of items) query.push([name, inUrl(item)]);
      } else if (payload) payload = withField(payload, field, value);
      if (query.length > 0) url = `${url}?${query.map(([name, v]) => `${name}=${v}`).join('&')}`;
      const response: InjectResponse = await kit.portal.app.inject({
        method: target.method,
        url,
        headers: kit.admin as Headers,
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode === 202) runIds.push(response.json<{ id: string }>().id);
      return {
        target: `${target.method} ${target.url}`,
        field,
        value: label,
        status: response.statusCode,
        body: response.body.slice(0, 300),
      };
    };

    const outcomes = await concurrently(flat, 16, send);
    const serverErrors = outcomes
      .filter((outcome) => outcome.status >= 500 || outcome.status < 200)
      .map((o) => `${o.target} ${o.field} = ${o.value}: ${o.status} ${o.body}`);
    expect(serverErrors, `${serverErrors.length} of ${outcomes.length} cases answered 5xx`).toEqual([]);

    // Every run started above has finished (its chunks may have refused work, never the read models).
    await concurrently(runIds, 8, (id) => awaitRun(kit.portal, kit.admin, id, 30_000));

    // The read models still move: every projection has reached the last event, and a change made
    // now reads back at once.
    const behind = async () =>
      (
        await kit.portal.infra.pool.query<{ name: string; behind: string }>(
          `SELECT c.name, (SELECT count(*) FROM events e
             WHERE (e.transaction_id, e.global_position) > (c.commit_position::text::xid8, c.prepare_position)
           ) AS behind
           FROM projection_checkpoint c ORDER BY c.name`,
        )
      ).rows.filter((row) => Number(row.behind) > 0);
    await expect.poll(behind, { timeout: 10_000, interval: 100 }).toEqual([]);
    const { rows } = await kit.portal.infra.pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);

    const renamed = `Hardening Builders renamed ${Date.now()}`;
    await ok('PUT', '/api/contractorcompany/edit', { id: contractor.id, name: renamed });
    await expect
      .poll(async () => (await ok<{ name: string }>('GET', `/api/contractorcompany/${contractor.id}`)).name, {
        timeout: 3_000,
      })
      .toBe(renamed);
    const note = `Still moving ${Date.now()}`;
    await kit.short(edited.id, { notes: note });
    expect((await kit.get(edited.id)).notes).toBe(note);
  }, 300_000);
});

describe('values that used to reach the database', () => {
  it('are refused with a 400 (or 404) naming the field, and nothing is written', async () => {
    const contractor = await kit.contractor('Pinned Builders');
    const hauler = await kit.transportCompany('Pinned Haulage');
    const material = await kit.material('Pinned Clay');
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const overflow = 2_147_483_648;
    const cannotStore = (field: string) => `${field} contains characters that cannot be stored`;
    const tooLarge = 'This number is too large';
    const eventCount = async () =>
      Number(
        (await kit.portal.infra.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]?.n,
      );
    const before = await eventCount();
    const short = (fields: object, envelope: object = {}) => ({
      ticket: { id: ticket.id, ...fields },
      ...envelope,
    });

    const cases: [Method, string, object | undefined, string | null, string | null, number?][] = [
      // NUL and unpaired surrogates: one rule for every field (a 500 before, from the event store's jsonb)
      ['POST', '/api/contractorcompany/new', { name: 'Pit\u0000Road' }, 'name', cannotStore('name')],
      [
        'POST',
        '/api/ticket/reject',
        { ticketId: ticket.id, reason: 'Wet\ud800' },
        'reason',
        cannotStore('reason'),
      ],
      [
        'POST',
        '/api/auth/Authenticate',
        { username: 'nul\u0000@example.com', password: 'x' },
        'username',
        cannotStore('username'),
      ],
      ['PUT', '/api/ticket/edit/short', short({ notes: ['a', 'b\u0000'] }), 'notes', cannotStore('notes')],
      [
        'GET',
        '/api/ticket/report/daily-summary?emails=a%00b%40example.com',
        undefined,
        'emails',
        cannotStore('emails'),
      ],
      // Names in a btree index: a long one stalled every projection (index row too large)
      ['POST', '/api/scale/material/new', { name: longText }, 'name', 'Name can be max 254 characters'],
      [
        'POST',
        '/api/contractorcompany/new',
        { name: longText },
        'name',
        'Company name can be max 254 characters',
      ],
      // The login counts attempts per username in a btree-indexed table (without Redis)
      [
        'POST',
        '/api/auth/Authenticate',
        { username: `${longText}@example.com`, password: 'x' },
        'username',
        'Username can be max 254 characters',
      ],
      [
        'POST',
        '/api/user/new',
        {
          username: `${longText}@example.com`,
          password: 'Hostile-maple-rocket-19',
          firstName: 'L',
          lastName: 'Long',
        },
        'username',
        'Username can be max 254 characters',
      ],
      [
        'PUT',
        '/api/ticket/edit/short',
        short(
          { transportCompanyId: null, transportCompanyName: longText },
          { createTransportIfDoesNotExist: true },
        ),
        'transportCompanyName',
        'Company name can be max 254 characters',
      ],
      // Ids past int4 handed to a lookup (a 500) or into a ticket (a stalled tickets read model)
      [
        'POST',
        '/api/contractorcontact/new',
        { contractorCompanyId: overflow, contractorContact: { name: 'C', number: '(416)555-0101' } },
        'contractorCompanyId',
        tooLarge,
      ],
      [
        'POST',
        '/api/transportcontact/new',
        { transportCompanyId: overflow, transportContact: { name: 'T', number: '(416)555-0101' } },
        'transportCompanyId',
        tooLarge,
      ],
      [
        'POST',
        '/api/truck/new',
        { truck: { transportCompanyId: overflow, number: 'T', licensePlate: 'PN12345' } },
        'transportCompanyId',
        tooLarge,
      ],
      [
        'POST',
        '/api/project/new',
        {
          project: {
            projectId: 'P',
            contractorCompanyId: contractor.id,
            jobSite: 'Pit',
            siteContactId: overflow,
          },
        },
        'siteContactId',
        tooLarge,
      ],
      [
        'POST',
        '/api/truck/move',
        { fromTransportCompanyId: hauler.id, toTransportCompanyId: overflow },
        'toTransportCompanyId',
        tooLarge,
      ],
      [
        'PUT',
        '/api/ticket/weigh',
        { ticketId: ticket.id, materialId: overflow, weight: 1000 },
        'materialId',
        tooLarge,
      ],
      [
        'PUT',
        '/api/ticket/weigh',
        { ticketId: overflow, materialId: material.id, weight: 1000 },
        'ticketId',
        tooLarge,
      ],
      [
        'POST',
        '/api/ticket/bulk',
        { from: ticket.ticketNumber, truckTypeId: overflow },
        'truckTypeId',
        tooLarge,
      ],
      [
        'POST',
        '/api/ticket/bulk/check',
        { from: ticket.ticketNumber, truckTypeId: 3 },
        'truckTypeId',
        'Truck type must be Triaxle (1) or Trailer (2)',
      ],
      [
        'POST',
        '/api/ticket/bulk',
        { from: ticket.ticketNumber, siteContactId: overflow },
        'siteContactId',
        tooLarge,
      ],
      ['POST', '/api/ticket/report', { contractorCompanyId: overflow }, 'contractorCompanyId', tooLarge],
      [
        'POST',
        '/api/contractorcontact/all',
        { contractorCompanyId: overflow },
        'contractorCompanyId',
        tooLarge,
      ],
      ['POST', '/api/truck/all', { transportCompanyId: 1e308 }, 'transportCompanyId', tooLarge],
      ['PUT', '/api/truck/tare', { truck: { id: overflow, tareWeight: 1 } }, null, 'Truck not found.', 404],
      // Days that JavaScript rolls over (30 February) or keeps (year 0) and PostgreSQL refuses
      ['POST', '/api/ticket/search', { fromDate: '2026-02-30' }, 'fromDate', 'Date is not valid'],
      ['POST', '/api/ticket/report', { toDate: '0000-01-01' }, 'toDate', 'Date is not valid'],
      ['PUT', '/api/ticket/edit/short', short({ date: '2026-02-30' }), 'date', 'Date is not valid'],
      [
        'GET',
        '/api/ticket/report/daily-summary?selectedDate=0000-01-01',
        undefined,
        'selectedDate',
        'Selected date is not a valid date.',
      ],
      // A body's text is not coerced to a number (it once became Infinity, past the schema's maximum)
      [
        'POST',
        '/api/ticket/restore',
        { logEntryId: '1e400' },
        'logEntryId',
        'logEntryId must be a whole number',
      ],
      // A path's is: '1e400' coerced to an integer is Infinity, which the schema's maximum lets through
      ['DELETE', '/api/truck/1e400', undefined, 'id', 'id must be a finite number'],
      ['GET', '/api/contractorcompany/1e400', undefined, 'id', 'id must be a finite number'],
      // A run id that looks like a uuid to a loose pattern; an attachment index past int4
      ['GET', `/api/job/${'-'.repeat(36)}`, undefined, null, 'Job not found.', 404],
      ['GET', `/api/mail/outbox/1/attachments/${overflow}`, undefined, null, null],
    ];
    for (const [method, url, payload, field, message, status = 400] of cases) {
      const response = await kit.call(method, url, payload);
      const what = `${method} ${url} ${JSON.stringify(payload)?.slice(0, 120)}: ${response.body.slice(0, 300)}`;
      expect(response.statusCode, what).toBe(status);
      const body = response.json<{ message: string; errors?: Record<string, string> }>();
      if (message !== null) expect(body.message, what).toBe(message);
      if (field !== null) expect(body.errors, what).toEqual({ [field]: message });
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('a burst of report requests', () => {
  it('answers each one: waiters queue in memory instead of taking the whole pool', async () => {
    // Each request used to hold a pool connection while it waited for the report's advisory lock; the
    // holder then never got the connection it needed to start the run, and every request hung.
    const url = '/api/ticket/report/daily-summary?selectedDate=2026-01-15&emails=burst%40hardening.test';
    const burst = Promise.all(Array.from({ length: 16 }, () => kit.call('GET', url)));
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the burst did not answer within 15 s')), 15_000),
    );
    const responses = await Promise.race([burst, timeout]);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 202));
    const runIds = new Set(responses.map((response) => response.json<{ id: string }>().id));
    for (const id of runIds) await awaitRun(kit.portal, kit.admin, id, 30_000);
  });
});
