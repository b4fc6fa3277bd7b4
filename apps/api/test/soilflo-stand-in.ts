import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ExternalLoad } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export type StandInBehaviour = 'normal' | 'slow' | 'error' | 'drop' | 'malformed' | 'accept-then-drop';

export interface RecordedReceipt {
  loadId: number;
  ticketNumber: number;
  receivedAt: string;
  weight: number | null;
  idempotencyKey: string | null;
}

interface SeenRequest {
  method: string;
  /** With its query string. */
  path: string;
  outcome: number | 'dropped';
}

export interface SoilFloStandIn {
  /** SOILFLO_API_URL for the client (with the base path, when one was given). */
  url: string;
  apiKey: string;
  /** Loads answered for a ticket number: any JSON items (malformed ones allowed, for tests). */
  seed(ticketNumber: number, loads: unknown[]): void;
  /**
   * The next `times` requests (default: all until changed) behave so; 'slow' waits delayMs (default
   * 10 s) before answering normally. 'accept-then-drop' records a receipt then destroys the socket
   * without answering (for GET it just drops). 'malformed' answers 200 with a body that is not a list
   * of loads.
   */
  behave(behaviour: StandInBehaviour, options?: { times?: number; delayMs?: number }): void;
  /** Distinct receipts recorded (a repeat with the same Idempotency-Key, or without a key the same loadId+ticketNumber+receivedAt, is recorded once). */
  receipts(): RecordedReceipt[];
  /** Every request seen on SoilFLO's own routes (not the control routes), in order. */
  requests(): SeenRequest[];
  close(): Promise<void>;
}

const behaviours = ['normal', 'slow', 'error', 'drop', 'malformed', 'accept-then-drop'] as const;

/** A SoilFLO time: UTC, written without a zone. */
export const minutesAgoWithoutZone = (minutes: number) =>
  new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 19);

/** The example loads' truck: Swift Haulage's T-12, driven by Sipho Dlamini. */
const exampleTruck = (): ExternalLoad['truck'] => ({
  driverName: 'Sipho Dlamini',
  driverPhone: '083 555 0202',
  global_truck: { number: 'T-12', license: 'CA 123-456', hauler: { name: 'Swift Haulage' } },
});

/** Example loads for demos and tests: a valid External load with the given id/status/dispatchedTime etc. */
export function exampleExternalLoad(overrides: Partial<ExternalLoad> = {}): ExternalLoad {
  return {
    id: 1,
    status: 'dispatched',
    dispatchedTime: minutesAgoWithoutZone(10),
    sourceSite: { name: 'Riverside Excavation', contractingcompany: { name: 'Acme Earthworks' } },
    assignerUser: { firstName: 'Thandi', lastName: 'Mokoena', phone: '082 555 0101' },
    truck: exampleTruck(),
    ...overrides,
  };
}

const LoadsQuery = Type.Object({ ticketNumber: Type.Integer() });
const ReceiptParams = Type.Object({ id: Type.Integer() });
const ReceiptBody = Type.Object({
  ticketNumber: Type.Integer(),
  receivedAt: Type.String(),
  // Null first: Fastify's validator coerces types and takes the first branch that fits, so with the
  // number first a report without a weight (null) was recorded as 0.
  weight: Type.Union([Type.Null(), Type.Number()]),
});
const SeedBody = Type.Object({ ticketNumber: Type.Integer(), loads: Type.Array(Type.Unknown()) });
const BehaviourBody = Type.Object({
  behaviour: Type.Union(behaviours.map((name) => Type.Literal(name))),
  times: Type.Optional(Type.Integer({ minimum: 1 })),
  delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * A stand-in of SoilFLO's HTTP API on 127.0.0.1 for tests and demos, seeded and misbehaving on
 * request. `basePath` serves SoilFLO's routes under a prefix (as `http://host/api/v1`); the control
 * routes under `/__stand-in` stay at the root, unauthenticated, since it only listens on loopback.
 */
export async function startSoilFloStandIn(
  options: { port?: number; apiKey?: string; basePath?: string } = {},
): Promise<SoilFloStandIn> {
  const apiKey = options.apiKey ?? randomBytes(16).toString('hex');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const seeded = new Map<number, unknown[]>();
  const recorded = new Map<string, RecordedReceipt>();
  const seen: SeenRequest[] = [];
  const seenBy = new WeakMap<FastifyRequest, SeenRequest>();
  const dropped = new WeakSet<SeenRequest>();
  const normally = { name: 'normal', timesLeft: Number.POSITIVE_INFINITY, delayMs: 0 } as const;
  let behaviour: { name: StandInBehaviour; timesLeft: number; delayMs: number } = { ...normally };
  // Ends every 'slow' wait at close, so no test teardown waits for one.
  const closing = new AbortController();

  const seed = (ticketNumber: number, loads: unknown[]) => {
    seeded.set(ticketNumber, loads);
  };
  const behave: SoilFloStandIn['behave'] = (name, { times, delayMs } = {}) => {
    behaviour = { name, timesLeft: times ?? Number.POSITIVE_INFINITY, delayMs: delayMs ?? 10_000 };
  };
  /** The behaviour of this request, counting it against `times`. */
  const nextBehaviour = () => {
    const current = behaviour;
    current.timesLeft -= 1;
    if (current.timesLeft <= 0) behaviour = { ...normally };
    return current;
  };
  const knownLoad = (loadId: number) =>
    [...seeded.values()].some((loads) =>
      loads.some((load) => (load as { id?: unknown } | null)?.id === loadId),
    );

  /** Ends the exchange as a failing network would: no answer, the connection gone. */
  const drop = (request: FastifyRequest, reply: FastifyReply) => {
    const entry = seenBy.get(request);
    if (entry) dropped.add(entry);
    reply.hijack();
    request.raw.socket.destroy();
  };
  /** False when the stand-in is closing before the delay is over. */
  const waited = (delayMs: number) =>
    sleep(delayMs, undefined, { signal: closing.signal }).then(
      () => true,
      () => false,
    );

  const app = Fastify({ logger: false, forceCloseConnections: true }).withTypeProvider<TypeBoxTypeProvider>();

  /** SoilFLO's own routes: behind the key, counted in requests(), misbehaving on request. */
  const soilFloRoutes: FastifyPluginAsyncTypebox = async (soilFlo) => {
    soilFlo.addHook('onRequest', async (request, reply) => {
      const entry: SeenRequest = { method: request.method, path: request.url, outcome: 'dropped' };
      seen.push(entry);
      seenBy.set(request, entry);
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return reply.code(401).send({ message: 'Missing or wrong API key' });
      }
    });
    soilFlo.addHook('onResponse', async (request, reply) => {
      const entry = seenBy.get(request);
      if (entry && !dropped.has(entry)) entry.outcome = reply.statusCode;
    });

    /** Applies the current behaviour: null when that already ended the request, else how to go on. */
    async function misbehave(request: FastifyRequest, reply: FastifyReply, kind: 'read' | 'receipt') {
      const { name, delayMs } = nextBehaviour();
      if (name === 'slow' && !(await waited(delayMs))) {
        drop(request, reply);
        return null;
      }
      if (name === 'error') {
        reply.code(500).send({ message: 'The SoilFLO stand-in failed on purpose' });
        return null;
      }
      if (name === 'drop' || (name === 'accept-then-drop' && kind === 'read')) {
        drop(request, reply);
        return null;
      }
      if (name === 'malformed' && kind === 'read') {
        reply.code(200).send({ loads: 'not a list' });
        return null;
      }
      return name;
    }

    soilFlo.get('/loads', { schema: { querystring: LoadsQuery } }, async (request, reply) => {
      if ((await misbehave(request, reply, 'read')) === null) return reply;
      return seeded.get(request.query.ticketNumber) ?? [];
    });

    soilFlo.post(
      '/loads/:id/receipt',
      { schema: { params: ReceiptParams, body: ReceiptBody } },
      async (request, reply) => {
        const how = await misbehave(request, reply, 'receipt');
        if (how === null) return reply;
        const loadId = request.params.id;
        if (!knownLoad(loadId)) return reply.code(404).send({ message: `Load ${loadId} is not known` });
        const idempotencyKey = request.headers['idempotency-key'];
        const key = typeof idempotencyKey === 'string' ? idempotencyKey : null;
        const { ticketNumber, receivedAt, weight } = request.body;
        const identity = key ?? JSON.stringify([loadId, ticketNumber, receivedAt]);
        if (!recorded.has(identity)) {
          recorded.set(identity, { loadId, ticketNumber, receivedAt, weight, idempotencyKey: key });
        }
        if (how === 'accept-then-drop') {
          drop(request, reply);
          return reply;
        }
        // A 'malformed' receipt answer: accepted, but the body is not what anyone expects.
        if (how === 'malformed') return reply.type('text/html').send('<html>maintenance</html>');
        return { received: true };
      },
    );
  };
  await app.register(soilFloRoutes, { prefix: basePath });

  app.put('/__stand-in/loads', { schema: { body: SeedBody } }, async (request) => {
    seed(request.body.ticketNumber, request.body.loads);
    return { ok: true };
  });
  app.put('/__stand-in/behaviour', { schema: { body: BehaviourBody } }, async (request) => {
    const { behaviour: name, times, delayMs } = request.body;
    behave(name, { times, delayMs });
    return { ok: true };
  });
  app.get('/__stand-in/receipts', async () => [...recorded.values()]);

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    apiKey,
    seed,
    behave,
    receipts: () => [...recorded.values()],
    requests: () => seen.map((entry) => ({ ...entry })),
    async close() {
      closing.abort();
      await app.close();
    },
  };
}
