import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { maxStoredInteger, optionalNumber, optionalText } from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';
import { emailPattern, phonePattern } from '../validation';
import {
  type DisplayUnit,
  DisplayUnitSchema,
  defaultDisplayUnit,
  displayUnits,
  isDisplayUnit,
} from '../weights/display-unit';
import { defaultTareOutOfBounds } from '../weights/weight-bounds';

export const SettingsDataSchema = Type.Object({
  currentPrefix: Type.Integer(),
  defaultTareWeight: Type.Number(),
  haulageRecordReceiverName: Nullable(Type.String()),
  haulageRecordReceiverPhone: Nullable(Type.String()),
  haulageRecordReceiverEmail: Nullable(Type.String()),
  /** What every printed record says of the receiving site; optional: settings saved before they existed lack them. */
  receivingSiteName: Type.Optional(Nullable(Type.String())),
  receivingSiteAddress: Type.Optional(Nullable(Type.String())),
  soilQualityStatement: Type.Optional(Nullable(Type.String())),
  /** A truck's stored tare older than this many days is expired; null: tares never expire. */
  retareEveryDays: Type.Optional(Nullable(Type.Integer())),
  /** The unit weights are shown, printed and exported in; every stored weight stays KG. */
  displayUnit: Type.Optional(DisplayUnitSchema),
  /** The heaviest weight a ticket or truck may carry where no scale's capacity applies (KG). */
  maximumWeightKg: Type.Optional(Type.Integer()),
  /** Tickets with an id above this put their hash link in the digital ticket's QR codes (spec: 10015). */
  hashQrAboveTicketId: Type.Optional(Type.Integer()),
});
export type SettingsData = Static<typeof SettingsDataSchema>;

/** One settings record (id 1) for the site. */
export const settingsId = 1;
export const settings = defineCatalogue('Settings', SettingsDataSchema);

/** The settings the spec has no field for, read as their defaults until the site saves its own. */
export const defaultMaximumWeightKg = 100_000;
/** The older system put hash links in QR codes only above ticket 10015; a new site sets 0. */
export const defaultHashQrAboveTicketId = 10_015;

/** A new site's settings: ticket prefix 0, default tare 0 (none). */
export const defaultSettings: SettingsData = {
  currentPrefix: 0,
  defaultTareWeight: 0,
  haulageRecordReceiverName: null,
  haulageRecordReceiverPhone: null,
  haulageRecordReceiverEmail: null,
  receivingSiteName: null,
  receivingSiteAddress: null,
  soilQualityStatement: null,
  retareEveryDays: null,
  displayUnit: defaultDisplayUnit,
  maximumWeightKg: defaultMaximumWeightKg,
  hashQrAboveTicketId: defaultHashQrAboveTicketId,
};

/** The printed records' fixed texts until the site writes its own. */
export const printedRecordDefaults = {
  receivingSiteName: 'Soil receiving site',
  soilQualityStatement:
    'The hauler and the source site confirm that this load is excess soil from the source site named on this record, and that to their knowledge it contains no contaminated, hazardous or waste material.',
} as const;

/** Longest fixed text a printed record carries (the soil-quality statement). */
export const printedTextMaxLength = 1000;

export const settingsMessages = {
  prefixInvalid: 'Prefix must be a whole number of 0 or more',
  phoneInvalid: 'Phone number is not valid',
  emailInvalid: 'Email is not valid',
  printedTextTooLong: `Can be max ${printedTextMaxLength} characters`,
  displayUnitInvalid: `Weight unit must be one of ${displayUnits.join(', ')}`,
  retareInvalid: 'Re-tare days must be a whole number of 1 or more, or blank for never to expire',
  maximumWeightInvalid: 'Maximum weight must be a whole number of KG of 1 or more',
  hashQrAboveInvalid: 'Must be a ticket id of 0 or more',
} as const;

export function validateSettings(input: Record<string, unknown>): SettingsData {
  const errors: FieldErrors = {};
  const currentPrefix = optionalNumber(input.currentPrefix) ?? 0;
  if (!(Number.isInteger(currentPrefix) && currentPrefix >= 0 && currentPrefix <= maxStoredInteger))
    errors.currentPrefix = settingsMessages.prefixInvalid;
  const defaultTareWeight = optionalNumber(input.defaultTareWeight) ?? 0;
  const retareEveryDays = optionalNumber(input.retareEveryDays);
  if (
    retareEveryDays !== null &&
    !(Number.isInteger(retareEveryDays) && retareEveryDays >= 1 && retareEveryDays <= maxStoredInteger)
  )
    errors.retareEveryDays = settingsMessages.retareInvalid;
  const maximumWeightKg = optionalNumber(input.maximumWeightKg) ?? defaultMaximumWeightKg;
  if (!(Number.isInteger(maximumWeightKg) && maximumWeightKg >= 1 && maximumWeightKg <= maxStoredInteger))
    errors.maximumWeightKg = settingsMessages.maximumWeightInvalid;
  // The spec's default tare of 0 stays "none"; any other is a weight like every other (issue 34, D4).
  const tareRefusal = defaultTareOutOfBounds(
    defaultTareWeight,
    errors.maximumWeightKg ? defaultMaximumWeightKg : maximumWeightKg,
  );
  if (tareRefusal) errors.defaultTareWeight = tareRefusal;
  const hashQrAboveTicketId = optionalNumber(input.hashQrAboveTicketId) ?? defaultHashQrAboveTicketId;
  if (
    !(
      Number.isInteger(hashQrAboveTicketId) &&
      hashQrAboveTicketId >= 0 &&
      hashQrAboveTicketId <= maxStoredInteger
    )
  )
    errors.hashQrAboveTicketId = settingsMessages.hashQrAboveInvalid;
  const displayUnit = optionalText(input.displayUnit) ?? defaultDisplayUnit;
  if (!isDisplayUnit(displayUnit)) errors.displayUnit = settingsMessages.displayUnitInvalid;
  const phone = optionalText(input.haulageRecordReceiverPhone);
  if (phone !== null && !phonePattern.test(phone))
    errors.haulageRecordReceiverPhone = settingsMessages.phoneInvalid;
  const email = optionalText(input.haulageRecordReceiverEmail);
  if (email !== null && !emailPattern.test(email))
    errors.haulageRecordReceiverEmail = settingsMessages.emailInvalid;
  // A text equal to its default is kept as "the default", so saving an untouched form changes nothing.
  const unlessDefault = (value: string | null, fallback: string) => (value === fallback ? null : value);
  const printed = {
    receivingSiteName: unlessDefault(
      optionalText(input.receivingSiteName),
      printedRecordDefaults.receivingSiteName,
    ),
    receivingSiteAddress: optionalText(input.receivingSiteAddress),
    soilQualityStatement: unlessDefault(
      optionalText(input.soilQualityStatement),
      printedRecordDefaults.soilQualityStatement,
    ),
  };
  for (const [field, value] of Object.entries(printed))
    if ((value?.length ?? 0) > printedTextMaxLength) errors[field] = settingsMessages.printedTextTooLong;
  assertValid(errors);
  return {
    ...printed,
    currentPrefix,
    defaultTareWeight,
    haulageRecordReceiverName: optionalText(input.haulageRecordReceiverName),
    haulageRecordReceiverPhone: phone,
    haulageRecordReceiverEmail: email,
    retareEveryDays,
    maximumWeightKg,
    hashQrAboveTicketId,
    // assertValid refused any other unit.
    displayUnit: displayUnit as DisplayUnit,
  };
}
