import { textOrNull as text } from '../common/form-values';

// Prefix 0 and default tare weight 0 (none) when left blank, as on a new site.
const numberOrZero = (value: unknown): number =>
  value === null || value === undefined || value === '' ? 0 : Number(value);

/** The body of `PUT /api/setting`: the fields, normalised, and the version the form was loaded with. */
export const toSettingsPayload = (data: Record<string, unknown>) => ({
  version: data.version,
  currentPrefix: numberOrZero(data.currentPrefix),
  defaultTareWeight: numberOrZero(data.defaultTareWeight),
  haulageRecordReceiverName: text(data.haulageRecordReceiverName),
  haulageRecordReceiverPhone: text(data.haulageRecordReceiverPhone),
  haulageRecordReceiverEmail: text(data.haulageRecordReceiverEmail),
  receivingSiteName: text(data.receivingSiteName),
  receivingSiteAddress: text(data.receivingSiteAddress),
  soilQualityStatement: text(data.soilQualityStatement),
  displayUnit: data.displayUnit,
  // Blank means "never": tares do not expire.
  retareEveryDays:
    data.retareEveryDays === '' || data.retareEveryDays == null ? null : Number(data.retareEveryDays),
  maximumWeightKg: Number(data.maximumWeightKg),
  hashQrAboveTicketId: numberOrZero(data.hashQrAboveTicketId),
});
