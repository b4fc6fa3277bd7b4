import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

/**
 * GET /api/scale/alerts: a scale disconnected or in error for longer than SCALE_ALERT_AFTER_MS, from the
 * moment staff were told until it has been back for a while (so a UI that polls sees it recover).
 */
export const ScaleAlertSchema = Type.Object(
  {
    id: Type.Integer({ description: 'The incident: one alert, one e-mail to administrators, one recovery' }),
    scaleId: Type.Integer(),
    scaleName: Type.String(),
    status: Type.Union([Type.Literal('disconnected'), Type.Literal('error')], {
      description: "The scale's status, the latest seen while the incident lasted",
    }),
    since: Type.String({ format: 'date-time', description: 'When the scale stopped reading' }),
    alertedAt: Type.String({ format: 'date-time', description: 'When staff and administrators were told' }),
    recoveredAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When it read again (ok or in motion); null while out',
      }),
    ),
  },
  { $id: 'ScaleAlert' },
);
export type ScaleAlert = Static<typeof ScaleAlertSchema>;
