import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type LiveScale, type ScaleAlert } from '@portal/contract';
import { type ScaleIncidentEvent, scaleIncidentStreamId } from '@portal/domain';
import { listScales } from '@portal/projections';
import { startRepeating } from '../jobs/repeating-task';
import { administratorAddresses } from '../mail/administrator-addresses';
import { enqueueMail } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { appendOnceAt } from '../write-side/append-once';
import { scaleAlertMail } from './scale-alert-mail';
import { liveScaleLanes } from './scale-lanes';

/**
 * A scale out of service (disconnected or in error) is one incident, a row of `scale_incident`: opened
 * when the watcher first sees it out, told (a toast for staff, one e-mail to administrators) once it has
 * been out for SCALE_ALERT_AFTER_MS, and closed when it reads again. The row, not a process's memory,
 * says whether it was told, so a restarted or second worker never sends a second e-mail. Being told and
 * recovering are events too (ScaleOutageTold, ScaleOutageRecovered: webhooks' scale.down and scale.up),
 * each appended once at its place in the incident's own stream.
 *
 * A scale that has never reported is not out: its bridge may not be installed yet, and it would alert
 * until someone deletes the scale. Once a bridge has reported (its live state persists across restarts),
 * its scale is watched.
 */

/** How often a worker looks at the scales: a toast comes within about a second of the threshold. */
const watchEveryMs = 1000;

/** A recovered incident stays in GET /api/scale/alerts this long, so a UI that polls sees it come back. */
const recoveredShownMs = 10 * 60_000;

type OutScale = LiveScale & { status: ScaleAlert['status']; statusSince: string };

const isOut = (scale: LiveScale): scale is OutScale =>
  (scale.status === 'disconnected' || scale.status === 'error') && scale.statusSince !== null;

interface IncidentRow {
  id: number;
  scaleId: number;
  status: ScaleAlert['status'];
  since: Date;
  alertedAt: Date | null;
  recoveredAt: Date | null;
}

const incidentColumns = `id, scale_id AS "scaleId", status, since, alerted_at AS "alertedAt", recovered_at AS "recoveredAt"`;

/**
 * Appends an incident's event at its place in the incident's stream (told: 1, recovered: 2): another worker
 * that appended it first (or this one, before a crash kept its row from saying so) leaves nothing to append.
 */
const appendIncidentEvent = (host: CommandHost, incidentId: number, event: ScaleIncidentEvent, now: Date) =>
  appendOnceAt(
    host.infra.eventStore,
    scaleIncidentStreamId(incidentId),
    event,
    event.type === 'ScaleOutageTold' ? 0 : 1,
    now,
  );

const nameOf = (scales: LiveScale[], scaleId: number) =>
  scales.find((scale) => scale.id === scaleId)?.scaleName ?? `#${scaleId}`;

/** Opens an incident for each scale out (or notes its latest status), and ends those of scales back. */
async function noteScales(host: CommandHost, scales: LiveScale[], now: Date): Promise<void> {
  const { pool } = host.infra;
  const out = scales.filter(isOut);
  for (const scale of out) {
    // A bridge's clock ahead of the portal's must not put the alert off.
    const since = Math.min(Date.parse(scale.statusSince), now.getTime());
    await pool.query(
      `INSERT INTO scale_incident (scale_id, status, since) VALUES ($1, $2, $3)
       ON CONFLICT (scale_id) WHERE recovered_at IS NULL DO UPDATE SET status = excluded.status`,
      [scale.id, scale.status, new Date(since)],
    );
  }
  const outIds = out.map((scale) => scale.id);
  // Out for less than the threshold: a blip (a bridge restarting) is no incident to keep.
  await pool.query(
    'DELETE FROM scale_incident WHERE recovered_at IS NULL AND alerted_at IS NULL AND scale_id <> ALL($1)',
    [outIds],
  );
  const { rows: back } = await pool.query<IncidentRow>(
    `SELECT ${incidentColumns} FROM scale_incident
     WHERE recovered_at IS NULL AND alerted_at IS NOT NULL AND scale_id <> ALL($1) ORDER BY id`,
    [outIds],
  );
  for (const incident of back) {
    // In the log before the row is closed: a worker that dies between the two appends nothing again.
    await appendIncidentEvent(
      host,
      incident.id,
      {
        type: 'ScaleOutageRecovered',
        data: {
          incidentId: incident.id,
          scaleId: incident.scaleId,
          scaleName: nameOf(scales, incident.scaleId),
          since: incident.since.toISOString(),
          recoveredAt: now.toISOString(),
        },
      },
      now,
    );
    await pool.query('UPDATE scale_incident SET recovered_at = $2 WHERE id = $1 AND recovered_at IS NULL', [
      incident.id,
      now,
    ]);
  }
}

/** Tells each incident out for longer than the threshold, once: its e-mail is queued, then it is marked told. */
async function alertDueIncidents(host: CommandHost, scales: LiveScale[], now: Date): Promise<void> {
  const { pool, config, jobs } = host.infra;
  const { rows: due } = await pool.query<IncidentRow>(
    `SELECT ${incidentColumns} FROM scale_incident
     WHERE recovered_at IS NULL AND alerted_at IS NULL AND since <= $1 ORDER BY id`,
    [new Date(now.getTime() - config.scaleAlertAfterMs)],
  );
  if (due.length === 0) return;
  const to = await administratorAddresses(host);
  for (const incident of due) {
    const scaleName = nameOf(scales, incident.scaleId);
    const alert = { scaleName, status: incident.status, since: incident.since.toISOString() };
    const told = { incidentId: incident.id, scaleId: incident.scaleId, ...alert };
    await appendIncidentEvent(host, incident.id, { type: 'ScaleOutageTold', data: told }, now);
    console.warn(
      `scale ${scaleName} ${incident.status} since ${alert.since}: telling staff and administrators`,
    );
    // The mail's id is the incident's: a worker that dies before marking it told queues the same mail again,
    // which adds no second one.
    if (to.length > 0)
      await enqueueMail(
        jobs,
        `scale-incident-${incident.id}`,
        scaleAlertMail(alert, {
          to,
          alertAfterMs: config.scaleAlertAfterMs,
          timeZone: config.siteTimezone,
          publicUrl: config.publicUrl,
        }),
      );
    else console.warn('no administrator has an e-mail address: the scale alert is shown to staff only');
    await pool.query('UPDATE scale_incident SET alerted_at = $2 WHERE id = $1 AND alerted_at IS NULL', [
      incident.id,
      now,
    ]);
  }
}

/** One look at every scale: incidents opened, told and ended. */
async function watchScalesOnce(host: CommandHost, now = new Date()): Promise<void> {
  const scales = await liveScaleLanes(host, now);
  await noteScales(host, scales, now);
  await alertDueIncidents(host, scales, now);
}

/** Runs in every worker process (each looks; the incident rows keep them from telling twice). */
export const startScaleAlerts = (host: CommandHost) =>
  startRepeating('scale alerts', watchEveryMs, () => watchScalesOnce(host));

/** The incidents staff were told of and not yet long back, newest first, with their scales' names. */
async function listScaleAlerts(host: CommandHost, now: Date): Promise<ScaleAlert[]> {
  const { rows } = await host.infra.pool.query<IncidentRow>(
    `SELECT ${incidentColumns} FROM scale_incident
     WHERE alerted_at IS NOT NULL AND (recovered_at IS NULL OR recovered_at > $1) ORDER BY id DESC`,
    [new Date(now.getTime() - recoveredShownMs)],
  );
  const names = new Map((await listScales(host.infra.db)).map((scale) => [scale.id, scale.scaleName]));
  return rows.flatMap(({ scaleId, alertedAt, recoveredAt, since, ...incident }) => {
    const scaleName = names.get(scaleId);
    // A deleted scale's incident is nobody's concern any more.
    if (scaleName === undefined || alertedAt === null) return [];
    return [
      {
        ...incident,
        scaleId,
        scaleName,
        since: since.toISOString(),
        alertedAt: alertedAt.toISOString(),
        recoveredAt: recoveredAt?.toISOString() ?? null,
      },
    ];
  });
}

export const scaleAlertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getScaleAlerts, async () => listScaleAlerts(app, new Date()));
};
