import { Card, Typography } from '@mui/material';
import { endpoints } from '@portal/contract';
import {
  defaultMaximumWeightKg,
  defaultTareOutOfBounds,
  displayUnits,
  printedTextMaxLength,
  settingsMessages,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  Loading,
  maxLength,
  minValue,
  NumberInput,
  ResourceContextProvider,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { RetentionNote } from '../audit/RetentionNote';
import { errorText } from '../common/error-text';
import { fieldErrorsOf } from '../common/field-errors';
import { PhoneInput } from '../common/PhoneInput';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { email } from '../common/validation';
import { WeightInput } from '../common/WeightInput';
import { call } from '../dataProvider/http-client';
import { PageTitle } from '../layout/PageTitle';
import { ApiKeys } from './ApiKeys';
import { toSettingsPayload } from './settings';
import { settingsQueryKey, useSiteSettings } from './site-settings';

const displayUnitChoices = displayUnits.map((unit) => ({
  id: unit,
  name: `portal.settings.displayUnits.${unit}`,
}));

// The server's rules for the settings (whole prefix and weight of 0 or more, a well-formed e-mail).
const validatePrefix: Validator = (value) =>
  value == null || value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0)
    ? undefined
    : 'portal.settings.prefixInvalid';
// Issue 34 (D4): the default tare lies in [0, the maximum weight the form holds], in the server's words.
const validateTareWeight: Validator = (value, values) =>
  defaultTareOutOfBounds(
    Number(value ?? 0),
    Number(values?.maximumWeightKg) >= 1 ? Number(values.maximumWeightKg) : defaultMaximumWeightKg,
  ) ?? undefined;
const validateEmail = email('portal.settings.emailInvalid');
// The server's limit and words, so a long text is refused before the save.
const validatePrintedText = maxLength(printedTextMaxLength, settingsMessages.printedTextTooLong);
const validateRetareDays: Validator = (value) =>
  value == null || value === '' || (Number.isInteger(Number(value)) && Number(value) >= 1)
    ? undefined
    : settingsMessages.retareInvalid;

const validateMaximumWeight = minValue(1, settingsMessages.maximumWeightInvalid);
const validateHashQrAbove: Validator = (value) =>
  value == null || value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0)
    ? undefined
    : settingsMessages.hashQrAboveInvalid;

// The one settings record is never deleted, so the form has no Delete button.
const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * /settings (administrators): one record for the site, read with GET and saved with PUT /api/setting.
 * Not a react-admin resource: the API has no /{id}, /all or /edit for it. The loaded version goes back
 * with the save, so a stale save gets the server's 409 instead of overwriting someone else's change.
 */
export const SettingsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifySaveError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const queryClient = useQueryClient();
  const { data: settings, error } = useSiteSettings();
  useNotifyLoadError(error);

  const save = async (values: FieldValues) => {
    try {
      const saved = await call(endpoints.putSetting, { body: toSettingsPayload(values) });
      queryClient.setQueryData(settingsQueryKey, saved);
      notify('portal.settings.saved', { type: 'success' });
    } catch (failure) {
      if (await logoutIfAccessDenied(failure)) return;
      notifySaveError(failure);
      // A 400's {errors: {field: message}} goes under the fields.
      return fieldErrorsOf(failure);
    }
  };

  return (
    <>
      <Card sx={{ mt: 2 }}>
        <PageTitle title="portal.settings.title" />
        {error ? (
          <Typography role="alert" color="error" sx={{ p: 2 }}>
            {errorText(translate, error)}
          </Typography>
        ) : !settings ? (
          <Loading />
        ) : (
          <ResourceContextProvider value="settings">
            <SimpleForm record={settings} onSubmit={save} toolbar={<SaveOnlyToolbar />}>
              <NumberInput source="currentPrefix" min={0} step={1} validate={validatePrefix} />
              <SelectInput
                source="displayUnit"
                choices={displayUnitChoices}
                helperText="portal.settings.displayUnitHelp"
                validate={required()}
              />
              {/* In the unit saved with the settings: a unit changed here applies once saved. */}
              <WeightInput
                source="defaultTareWeight"
                label="resources.settings.fields.defaultTareWeight"
                min={0}
                validate={validateTareWeight}
              />
              <WeightInput
                source="maximumWeightKg"
                label="resources.settings.fields.maximumWeightKg"
                min={1}
                validate={[required(), validateMaximumWeight]}
                helperText="portal.settings.maximumWeightHelp"
              />
              <NumberInput
                source="hashQrAboveTicketId"
                min={0}
                step={1}
                validate={validateHashQrAbove}
                helperText="portal.settings.hashQrAboveTicketIdHelp"
              />
              <NumberInput
                source="retareEveryDays"
                min={1}
                step={1}
                validate={validateRetareDays}
                helperText="portal.settings.retareEveryDaysHelp"
              />
              <TextInput source="haulageRecordReceiverName" autoComplete="off" />
              <PhoneInput source="haulageRecordReceiverPhone" />
              <TextInput
                source="haulageRecordReceiverEmail"
                slotProps={{ htmlInput: { inputMode: 'email' } }}
                validate={validateEmail}
                autoComplete="off"
              />
              <TextInput source="receivingSiteName" autoComplete="off" validate={validatePrintedText} />
              <TextInput source="receivingSiteAddress" multiline minRows={2} validate={validatePrintedText} />
              <TextInput source="soilQualityStatement" multiline minRows={3} validate={validatePrintedText} />
            </SimpleForm>
          </ResourceContextProvider>
        )}
        <RetentionNote />
      </Card>
      <ApiKeys />
    </>
  );
};
