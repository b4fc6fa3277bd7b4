/**
 * `npm run soilflo:stand-in`: SoilFLO's API stood in on 127.0.0.1 for demos, with loads for ticket
 * numbers 1–20, printing the settings to give the portal. While it runs, its control routes seed
 * loads (PUT /__stand-in/loads), make it misbehave (PUT /__stand-in/behaviour) and list the receipts
 * it took (GET /__stand-in/receipts).
 */
import type { ExternalLoad } from '@portal/domain';
import { exampleExternalLoad, minutesAgoWithoutZone, startSoilFloStandIn } from './soilflo-stand-in';

const sites = [
  'Riverside Excavation',
  'Northgate Mall Extension',
  'Harbour Road Widening',
  'Kloof Street Basement',
];
const contractors = ['Acme Earthworks', 'Bedrock Civils', 'Cape Foundations'];
const haulers = ['Swift Haulage', 'Table Bay Tippers', 'Boland Bulk Transport', 'Atlantic Aggregates'];
const drivers = [
  { name: 'Sipho Dlamini', phone: '083 555 0202' },
  { name: 'Johan van Wyk', phone: '072 555 0303' },
  { name: 'Ayesha Parker', phone: '061 555 0404' },
  { name: 'Themba Nkosi', phone: null },
  { name: null, phone: null },
];
const ticketWithoutLoads = 13;

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** Ticket n's load: id 5000 + 10n, left 3 to 22 minutes ago; every fifth also has a void load, 7 and 17 a rogue one, each with a higher id. */
function demoLoads(ticketNumber: number): ExternalLoad[] {
  if (ticketNumber === ticketWithoutLoads) return [];
  const driver = pick(drivers, ticketNumber);
  const load = exampleExternalLoad({
    id: 5000 + ticketNumber * 10,
    dispatchedTime: minutesAgoWithoutZone(3 + (ticketNumber % 20)),
    sourceSite: {
      name: pick(sites, ticketNumber),
      contractingcompany: { name: pick(contractors, ticketNumber) },
    },
    truck: {
      driverName: driver.name,
      driverPhone: driver.phone,
      global_truck: {
        number: ticketNumber % 3 === 0 ? 100 + ticketNumber : `T-${ticketNumber}`,
        license: `CA ${300 + ticketNumber}-${100 + ((ticketNumber * 37) % 900)}`,
        hauler: { name: pick(haulers, ticketNumber) },
      },
    },
  });
  const ignoredStatus = ticketNumber % 5 === 0 ? 'void' : ticketNumber % 10 === 7 ? 'rogue' : null;
  return ignoredStatus ? [load, { ...load, id: load.id + 1, status: ignoredStatus }] : [load];
}

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 4010;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`SOILFLO_STAND_IN_PORT must be a port number (0 to 65535), not '${value}'`);
  }
  return port;
}

try {
  const standIn = await startSoilFloStandIn({
    port: portFromEnv(process.env.SOILFLO_STAND_IN_PORT),
    apiKey: process.env.SOILFLO_API_KEY || undefined,
  });
  for (let ticketNumber = 1; ticketNumber <= 20; ticketNumber += 1) {
    standIn.seed(ticketNumber, demoLoads(ticketNumber));
  }
  console.log(
    `SoilFLO stand-in on ${standIn.url}, with loads for ticket numbers 1–20 (none for ${ticketWithoutLoads}).`,
  );
  console.log('Give the portal:');
  console.log(`SOILFLO_API_URL=${standIn.url}`);
  console.log(`SOILFLO_API_KEY=${standIn.apiKey}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      standIn.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`soilflo:stand-in: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof RangeError ? 2 : 1);
}
