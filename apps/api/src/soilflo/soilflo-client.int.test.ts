import { externalLoadMessages } from '@portal/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverForTestFile } from '../../test/server-for-test-file';
import { exampleExternalLoad, type SoilFloStandIn, startSoilFloStandIn } from '../../test/soilflo-stand-in';
import {
  createSoilFloClient,
  type ExternalReceiptReport,
  type SoilFloClient,
  type SoilFloClientOptions,
  SoilFloError,
  type SoilFloFailure,
} from './soilflo-client';

const standIn = serverForTestFile(() => startSoilFloStandIn());
let seenBefore = 0;

afterEach(() => {
  standIn().behave('normal');
  seenBefore = standIn().requests().length;
});

/** Fast retries, so the failing cases stay quick. */
const client = (options: Partial<SoilFloClientOptions> = {}): SoilFloClient =>
  createSoilFloClient({ url: standIn().url, apiKey: standIn().apiKey, retryDelayMs: 10, ...options });

/** This test's requests: the stand-in is shared by the whole file. */
const requestsNow = () => standIn().requests().slice(seenBefore);

/** The SoilFloError the call ends in, checked for its code and message. */
async function failure(call: Promise<unknown>, code: SoilFloFailure, message: string): Promise<SoilFloError> {
  const error = await call.then(
    () => expect.unreachable('expected a SoilFloError'),
    (error: unknown) => error,
  );
  if (!(error instanceof SoilFloError)) throw new Error(`expected a SoilFloError, not ${String(error)}`);
  expect([error.code, error.message]).toEqual([code, message]);
  return error;
}

const receipt: ExternalReceiptReport = {
  ticketNumber: 7001,
  receivedAt: '2026-11-23T08:40:00.000Z',
  weight: 24.5,
};

describe('a SoilFLO client', () => {
  it('refuses every call when the URL or the key is missing', async () => {
    for (const options of [{ url: null }, { apiKey: null }, { url: '' }, { apiKey: '' }]) {
      const unconfigured = client(options);
      for (const call of [() => unconfigured.loadsFor(1), () => unconfigured.sendReceipt(1, receipt, 'k')]) {
        await failure(call(), 'not_configured', externalLoadMessages.notConfigured);
      }
    }
    expect(requestsNow()).toEqual([]);
  });

  it('answers the validated loads of a ticket number, all of them, with the key sent', async () => {
    const loads = [exampleExternalLoad({ id: 11 }), exampleExternalLoad({ id: 12, status: 'void' })];
    standIn().seed(1001, loads);
    expect(await client().loadsFor(1001)).toEqual(loads);
    expect(requestsNow()).toEqual([{ method: 'GET', path: '/loads?ticketNumber=1001', outcome: 200 }]);
  });

  it('answers an empty list for a ticket number SoilFLO has no load for', async () => {
    expect(await client().loadsFor(1002)).toEqual([]);
  });

  it('reads again after a 500 and answers the second reading', async () => {
    standIn().seed(1003, [exampleExternalLoad({ id: 31 })]);
    standIn().behave('error', { times: 1 });
    expect((await client().loadsFor(1003)).map((load) => load.id)).toEqual([31]);
    expect(requestsNow().map((request) => request.outcome)).toEqual([500, 200]);
  });

  it('reads again after a dropped connection', async () => {
    standIn().seed(1004, [exampleExternalLoad({ id: 41 })]);
    standIn().behave('drop', { times: 1 });
    expect((await client().loadsFor(1004)).map((load) => load.id)).toEqual([41]);
    expect(requestsNow().map((request) => request.outcome)).toEqual(['dropped', 200]);
  });

  it('gives up with "Failed to pull" after three readings (the default) that all time out', async () => {
    standIn().behave('slow', { delayMs: 2000 });
    const started = Date.now();
    const error = await failure(
      client({ timeoutMs: 300 }).loadsFor(1005),
      'unreachable',
      externalLoadMessages.pullFailed,
    );
    expect(error.cause).toBe('SoilFLO did not answer within 0.3 s');
    expect(requestsNow()).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('says the data is not correct, without reading again, when the answer is not a list', async () => {
    standIn().behave('malformed');
    await failure(client().loadsFor(1006), 'not_correct', externalLoadMessages.notCorrect);
    expect(requestsNow()).toHaveLength(1);
  });

  it('says the data is not correct, without reading again, when a load lacks its truck', async () => {
    const { truck: _, ...withoutTruck } = exampleExternalLoad({ id: 71 });
    standIn().seed(1007, [exampleExternalLoad({ id: 70 }), withoutTruck]);
    const error = await failure(client().loadsFor(1007), 'not_correct', externalLoadMessages.notCorrect);
    expect(error.cause).toMatch(/'\/1\/truck'/);
    expect(requestsNow()).toHaveLength(1);
  });

  it('gives up at once on a refusal (a wrong key), and the key shows nowhere in the error', async () => {
    const wrongKey = 'wrong-key-0123456789abcdef';
    const error = await failure(
      client({ apiKey: wrongKey }).loadsFor(1008),
      'unreachable',
      externalLoadMessages.pullFailed,
    );
    expect(error.cause).toBe('SoilFLO answered 401');
    expect(JSON.stringify([error.message, error.cause, error.stack])).not.toContain(wrongKey);
    expect(requestsNow()).toEqual([{ method: 'GET', path: '/loads?ticketNumber=1008', outcome: 401 }]);
  });

  it('joins its paths to a URL with a trailing slash', async () => {
    standIn().seed(1009, [exampleExternalLoad({ id: 91 })]);
    expect(await client({ url: `${standIn().url}/` }).loadsFor(1009)).toHaveLength(1);
    expect(requestsNow()[0]?.path).toBe('/loads?ticketNumber=1009');
  });

  it('reports a receipt once, with its Idempotency-Key', async () => {
    standIn().seed(receipt.ticketNumber, [exampleExternalLoad({ id: 101 })]);
    await client().sendReceipt(101, receipt, 'receipt-101-a');
    expect(standIn().receipts()).toContainEqual({ loadId: 101, ...receipt, idempotencyKey: 'receipt-101-a' });
    expect(requestsNow()).toEqual([{ method: 'POST', path: '/loads/101/receipt', outcome: 200 }]);
  });

  it('tells why a receipt did not get through when SoilFLO fails, trying once', async () => {
    standIn().behave('error');
    await failure(client().sendReceipt(101, receipt, 'receipt-101-b'), 'unreachable', 'SoilFLO answered 500');
    expect(requestsNow()).toHaveLength(1);
  });

  it('tells staff a receipt timed out, or that SoilFLO could not be reached at all', async () => {
    standIn().behave('slow', { delayMs: 2000 });
    const slow = client({ timeoutMs: 300 }).sendReceipt(101, receipt, 'receipt-101-c');
    await failure(slow, 'unreachable', 'SoilFLO did not answer within 0.3 s');
    const gone = await startSoilFloStandIn();
    await gone.close();
    const away = createSoilFloClient({ url: gone.url, apiKey: gone.apiKey });
    await failure(
      away.sendReceipt(101, receipt, 'receipt-101-d'),
      'unreachable',
      'SoilFLO could not be reached',
    );
  });

  it('counts as unreachable a receipt whose answer was cut off, and its retry is recorded once', async () => {
    standIn().seed(1012, [exampleExternalLoad({ id: 121 })]);
    const report = { ...receipt, ticketNumber: 1012 };
    standIn().behave('accept-then-drop', { times: 1 });
    await failure(
      client().sendReceipt(121, report, 'receipt-121'),
      'unreachable',
      'The connection to SoilFLO was dropped',
    );
    await client().sendReceipt(121, report, 'receipt-121');
    expect(
      standIn()
        .receipts()
        .filter((recorded) => recorded.loadId === 121),
    ).toHaveLength(1);
    expect(requestsNow().map((request) => request.outcome)).toEqual(['dropped', 200]);
  });

  it('says a refused receipt was rejected, with SoilFLO’s status and message', async () => {
    await failure(
      client().sendReceipt(999_999, receipt, 'receipt-unknown'),
      'rejected',
      'SoilFLO refused the receipt: 404 Load 999999 is not known',
    );
  });
});

describe('a SoilFLO client whose URL has a path prefix', () => {
  let prefixed: SoilFloStandIn;
  beforeAll(async () => {
    prefixed = await startSoilFloStandIn({ basePath: '/api/v1' });
  });
  afterAll(() => prefixed.close());

  it('keeps the prefix, with or without a trailing slash', async () => {
    prefixed.seed(2001, [exampleExternalLoad({ id: 201 })]);
    for (const url of [prefixed.url, `${prefixed.url}/`]) {
      const prefixedClient = createSoilFloClient({ url, apiKey: prefixed.apiKey });
      expect(await prefixedClient.loadsFor(2001)).toHaveLength(1);
      await prefixedClient.sendReceipt(201, { ...receipt, ticketNumber: 2001 }, 'receipt-201');
    }
    expect(prefixed.url).toMatch(/\/api\/v1$/);
    expect(prefixed.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/v1/loads?ticketNumber=2001',
      'POST /api/v1/loads/201/receipt',
      'GET /api/v1/loads?ticketNumber=2001',
      'POST /api/v1/loads/201/receipt',
    ]);
    expect(prefixed.receipts()).toHaveLength(1);
  });
});
