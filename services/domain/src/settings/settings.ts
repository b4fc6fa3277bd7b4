import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { isStorableAmount, maxStoredInteger, optionalNumber, optionalText } from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';
import { emailPattern, phonePattern } from '../validation';

export const SettingsDataSchema = Type.Object({
  currentPrefix: Type.Integer(),
  defaultTareWeight: Type.Number(),
  haulageRecordReceiverName: Nullable(Type.String()),
  haulageRecordReceiverPhone: Nullable(Type.String()),
  haulageRecordReceiverEmail: Nullable(Type.String()),
});
export type SettingsData = Static<typeof SettingsDataSchema>;

/** One settings record (id 1) for the site. */
export const settingsId = 1;
export const settings = defineCatalogue('Settings', {
  label: 'Settings',
  streamPrefix: 'settings',
  record: SettingsDataSchema,
});

/** Spec section 9: prefix 0, default tare weight 0. */
export const defaultSettings: SettingsData = {
  currentPrefix: 0,
  defaultTareWeight: 0,
  haulageRecordReceiverName: null,
  haulageRecordReceiverPhone: null,
  haulageRecordReceiverEmail: null,
};

export const settingsMessages = {
  prefixInvalid: 'Prefix must be a whole number of 0 or more',
  tareInvalid: 'Default tare weight must be a number of 0 or more',
  phoneInvalid: 'Phone number is not valid',
  emailInvalid: 'Email is not valid',
} as const;

export function validateSettings(input: Record<string, unknown>): SettingsData {
  const errors: FieldErrors = {};
  const currentPrefix = optionalNumber(input.currentPrefix) ?? 0;
  if (!(Number.isInteger(currentPrefix) && currentPrefix >= 0 && currentPrefix <= maxStoredInteger))
    errors.currentPrefix = settingsMessages.prefixInvalid;
  const defaultTareWeight = optionalNumber(input.defaultTareWeight) ?? 0;
  if (!isStorableAmount(defaultTareWeight)) errors.defaultTareWeight = settingsMessages.tareInvalid;
  const phone = optionalText(input.haulageRecordReceiverPhone);
  if (phone !== null && !phonePattern.test(phone))
    errors.haulageRecordReceiverPhone = settingsMessages.phoneInvalid;
  const email = optionalText(input.haulageRecordReceiverEmail);
  if (email !== null && !emailPattern.test(email))
    errors.haulageRecordReceiverEmail = settingsMessages.emailInvalid;
  assertValid(errors);
  return {
    currentPrefix,
    defaultTareWeight,
    haulageRecordReceiverName: optionalText(input.haulageRecordReceiverName),
    haulageRecordReceiverPhone: phone,
    haulageRecordReceiverEmail: email,
  };
}
