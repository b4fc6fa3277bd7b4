import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type BridgeReport,
  type BridgeReportAnswer,
  endpoints,
  type IndicatorCommand,
  type ScaleCommand,
} from '@portal/contract';
import { DomainError, scales } from '@portal/domain';
import { findScale } from '@portal/projections';
import type pg from 'pg';
import { route } from '../route';

/**
 * Zero, tare and print asked of a scale's indicator from the Scale page. A command waits in
 * PostgreSQL (scale_command) until the scale's bridge reports, goes out in the answer, and the
 * bridge says what it did in its next report; the same rows are the scale's command log.
 */

/** A command no bridge took within this has expired: a zero or tare is meant for the deck as it is now. */
const expiresAfterSeconds = 10;

/** The most recent commands the log answers. */
const logLength = 50;

/** A command as stored; the serializer writes its times as date-time strings. */
type ScaleCommandRow = Omit<ScaleCommand, 'requestedAt' | 'deliveredAt' | 'answeredAt'> & {
  requestedAt: Date;
  deliveredAt: Date | null;
  answeredAt: Date | null;
};

const columns = `id, scale_id AS "scaleId", command, requested_at AS "requestedAt",
  requested_by_user_id AS "requestedByUserId", requested_by_name AS "requestedByName",
  delivered_at AS "deliveredAt", answered_at AS "answeredAt",
  CASE WHEN outcome IS NOT NULL THEN outcome
       WHEN delivered_at IS NOT NULL THEN 'delivered'
       WHEN requested_at <= now() - make_interval(secs => ${expiresAfterSeconds}) THEN 'expired'
       ELSE 'pending' END AS status`;

async function queueCommand(
  pool: pg.Pool,
  scaleId: number,
  command: IndicatorCommand,
  user: { id: number; name: string },
): Promise<ScaleCommandRow> {
  const { rows } = await pool.query<ScaleCommandRow>(
    `INSERT INTO scale_command (scale_id, command, requested_by_user_id, requested_by_name)
     VALUES ($1, $2, $3, $4) RETURNING ${columns}`,
    [scaleId, command, user.id, user.name],
  );
  return rows[0] as ScaleCommandRow;
}

async function listScaleCommands(pool: pg.Pool, scaleId: number): Promise<ScaleCommandRow[]> {
  const { rows } = await pool.query<ScaleCommandRow>(
    `SELECT ${columns} FROM scale_command WHERE scale_id = $1 ORDER BY requested_at DESC, id DESC LIMIT $2`,
    [scaleId, logLength],
  );
  return rows;
}

/**
 * The bridge's side of a report: its answers are recorded (once each: a report retried after a lost
 * answer changes nothing), and a bridge that takes commands is handed the scale's pending ones, oldest
 * first, each to one report only (the UPDATE re-checks delivered_at under its row lock). Null: answer
 * 204, as to a bridge from before commands. With two bridges on one key neither gets any: they expire.
 */
export async function exchangeBridgeCommands(
  pool: pg.Pool,
  scaleId: number,
  { acceptsCommands, commandResults = [] }: Pick<BridgeReport, 'acceptsCommands' | 'commandResults'>,
  secondBridge: boolean,
): Promise<BridgeReportAnswer | null> {
  if (commandResults.length > 0)
    await pool.query(
      `UPDATE scale_command c SET outcome = r.outcome, answered_at = now()
       FROM unnest($2::uuid[], $3::text[]) AS r (id, outcome)
       WHERE c.id = r.id AND c.scale_id = $1 AND c.delivered_at IS NOT NULL AND c.outcome IS NULL`,
      [scaleId, commandResults.map(({ id }) => id), commandResults.map(({ outcome }) => outcome)],
    );
  if (!acceptsCommands) return null;
  if (secondBridge) return { commands: [] };
  const { rows } = await pool.query<{ id: string; command: IndicatorCommand }>(
    `WITH taken AS (
       UPDATE scale_command SET delivered_at = now()
       WHERE scale_id = $1 AND delivered_at IS NULL
         AND requested_at > now() - make_interval(secs => ${expiresAfterSeconds})
       RETURNING id, command, requested_at)
     SELECT id, command FROM taken ORDER BY requested_at, id`,
    [scaleId],
  );
  return { commands: rows };
}

/** POST /api/scale/{id}/command and GET /api/scale/{id}/commands: any signed-in user (staff). */
export const indicatorCommandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, pool } = app.infra;
  const knownScale = async (id: number) => {
    if (!(await findScale(db, id))) throw new DomainError('not_found', scales.notFoundMessage);
  };

  route(app, endpoints.postScaleByIdCommand, async (request, reply) => {
    await knownScale(request.params.id);
    const queued = await queueCommand(pool, request.params.id, request.body.command, request.currentUser);
    return reply.status(202).send(queued);
  });

  route(app, endpoints.getScaleByIdCommands, async (request) => {
    await knownScale(request.params.id);
    return listScaleCommands(pool, request.params.id);
  });
};
