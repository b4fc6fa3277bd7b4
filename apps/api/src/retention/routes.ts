import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type RetentionStatus } from '@portal/contract';
import {
  legalHolds,
  retentionCutoff,
  retentionPolicy,
  retentionPolicyId,
  validateLegalHold,
  validateRetentionPolicy,
} from '@portal/domain';
import { getRetentionPolicy, listLegalHolds, ticketsPastRetention } from '@portal/projections';
import { createRecord, deleteRecord, updateRecord } from '../catalogue/catalogue-commands';
import { runAnswers } from '../jobs/run-answers';
import { versionOf } from '../loose-body';
import { route } from '../route';
import { retentionRun } from './retention-run';

/** Issue 31, item 5: how long personal data is kept, the holds that suspend it, and running it now. */
export const retentionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  const answerRun = runAnswers(app);

  route(app, endpoints.getRetentionPolicy, async () => getRetentionPolicy(db));

  route(app, endpoints.putRetentionPolicy, async (request) => {
    const data = validateRetentionPolicy(request.body);
    const options = { actorId: request.currentUser.id, expectedVersion: versionOf(request.body) };
    if ((await getRetentionPolicy(db)).version === 0)
      await createRecord(app, retentionPolicy, retentionPolicyId, data, options);
    else await updateRecord(app, retentionPolicy, retentionPolicyId, data, options);
    return getRetentionPolicy(db);
  });

  route(app, endpoints.getRetentionStatus, async (): Promise<RetentionStatus> => {
    const { ticketPersonalDataYears: years } = await getRetentionPolicy(db);
    if (years === null) return { ticketPersonalDataYears: null, cutoff: null, dueTickets: 0, heldTickets: 0 };
    const cutoff = retentionCutoff(new Date(), years);
    return {
      ticketPersonalDataYears: years,
      cutoff: cutoff.toISOString(),
      ...(await ticketsPastRetention(db, cutoff)),
    };
  });

  route(app, endpoints.postRetentionRun, async (request, reply) => {
    // Redaction rewrites events in PostgreSQL only so far (docs/event-store.md, "Redaction").
    if (app.infra.config.eventStoreUrl)
      return reply.code(501).send({ message: 'Retention in EventStoreDB is not built yet.' });
    const { ticketPersonalDataYears: years } = await getRetentionPolicy(db);
    if (years === null)
      return reply.code(409).send({ message: 'No retention period is set: nothing is removed.' });
    const { dueTickets } = await ticketsPastRetention(db, retentionCutoff(new Date(), years));
    return answerRun(request, reply, {
      definition: retentionRun,
      params: { dueTickets },
      answer: (run) => run.result,
      answerTellsFailure: false,
    });
  });

  route(app, endpoints.getLegalHoldAll, async () => listLegalHolds(db));

  route(app, endpoints.postLegalHoldNew, async (request) => {
    const data = validateLegalHold(request.body);
    const id = await createRecord(app, legalHolds, 'legal_hold', data, { actorId: request.currentUser.id });
    const saved = (await listLegalHolds(db)).find((hold) => hold.id === id);
    if (!saved) throw new Error(`Legal hold ${id} was not saved`);
    return saved;
  });

  route(app, endpoints.deleteLegalHoldById, async (request, reply) => {
    await deleteRecord(app, legalHolds, request.params.id, {
      actorId: request.currentUser.id,
      referencedBy: async () => [],
    });
    return reply.code(204).send(null);
  });
};
