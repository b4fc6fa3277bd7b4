import { Type } from '@sinclair/typebox';
import { type EventOf, OneOf } from '../schemas';

/**
 * A scale's incident (out of service for longer than SCALE_ALERT_AFTER_MS) as facts in the log: told, then
 * recovered. Each incident has its own stream, so "told" is its event 1 and "recovered" its event 2, each
 * appended at that expected version: a second worker watching the scales cannot append either twice.
 */
export const scaleIncidentStreamId = (incidentId: number): string => `scale-incident-${incidentId}`;

const incident = {
  incidentId: Type.Integer(),
  scaleId: Type.Integer(),
  scaleName: Type.String(),
  /** When the scale went out (ISO 8601). */
  since: Type.String(),
};

export const ScaleIncidentEventSchemas = {
  /** The scale has been out (disconnected or in error) for the alert threshold: staff were told. */
  ScaleOutageTold: Type.Object({ ...incident, status: OneOf(['disconnected', 'error']) }),
  /** A told scale reads again. */
  ScaleOutageRecovered: Type.Object({ ...incident, recoveredAt: Type.String() }),
};
export type ScaleIncidentEvent = EventOf<typeof ScaleIncidentEventSchemas>;
