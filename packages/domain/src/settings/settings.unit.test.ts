import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { defaultSettings, settings, settingsId, settingsMessages, validateSettings } from './settings';

describe('settings', () => {
  it('default to prefix 0 and tare 0 with no receiver, weights in KG', () => {
    const { displayUnit, maximumWeightKg, hashQrAboveTicketId, ...others } = defaultSettings;
    expect(displayUnit).toBe('kg');
    expect({ maximumWeightKg, hashQrAboveTicketId }).toEqual({
      maximumWeightKg: 100_000,
      hashQrAboveTicketId: 10_015,
    });
    expect(others).toMatchObject({ currentPrefix: 0, defaultTareWeight: 0 });
    // The receiver and the printed texts are empty until the site fills them in (the texts then read as defaults).
    expect(Object.entries(others).filter(([, value]) => value !== 0 && value !== null)).toEqual([]);
    expect(settingsId).toBe(1);
    expect(settings.streamId(settingsId)).toBe('settings-1');
  });

  it('fill absent or blank numbers with the defaults', () => {
    expect(validateSettings({})).toEqual(defaultSettings);
    expect(validateSettings({ currentPrefix: '', defaultTareWeight: null, retareEveryDays: '' })).toEqual(
      defaultSettings,
    );
  });

  it('keep valid values, numbers given as strings, trimmed text', () => {
    expect(
      validateSettings({
        currentPrefix: '3',
        defaultTareWeight: 14500.25,
        haulageRecordReceiverName: ' Rita Receiver ',
        haulageRecordReceiverPhone: '(416)555-0123',
        haulageRecordReceiverEmail: 'rita@site.test',
        receivingSiteName: ' Northfield ',
        soilQualityStatement: 'x'.repeat(1000),
        retareEveryDays: '30',
        displayUnit: ' lb ',
      }),
    ).toEqual({
      currentPrefix: 3,
      defaultTareWeight: 14500.25,
      haulageRecordReceiverName: 'Rita Receiver',
      haulageRecordReceiverPhone: '(416)555-0123',
      haulageRecordReceiverEmail: 'rita@site.test',
      receivingSiteName: 'Northfield',
      receivingSiteAddress: null,
      soilQualityStatement: 'x'.repeat(1000),
      retareEveryDays: 30,
      maximumWeightKg: 100_000,
      hashQrAboveTicketId: 10_015,
      displayUnit: 'lb',
    });
  });

  it.each([
    [{ currentPrefix: -1 }, 'currentPrefix', 'Prefix must be a whole number of 0 or more'],
    [{ currentPrefix: 1.5 }, 'currentPrefix', 'Prefix must be a whole number of 0 or more'],
    [{ currentPrefix: 'A' }, 'currentPrefix', 'Prefix must be a whole number of 0 or more'],
    [{ defaultTareWeight: -0.01 }, 'defaultTareWeight', 'Default tare weight must be from 0 to 100000 KG'],
    [{ defaultTareWeight: 'heavy' }, 'defaultTareWeight', 'Default tare weight must be from 0 to 100000 KG'],
    [
      { defaultTareWeight: 100_000.01 },
      'defaultTareWeight',
      'Default tare weight must be from 0 to 100000 KG',
    ],
    [
      { defaultTareWeight: 60_001, maximumWeightKg: 60_000 },
      'defaultTareWeight',
      'Default tare weight must be from 0 to 60000 KG',
    ],
    [{ haulageRecordReceiverPhone: '4165550123' }, 'haulageRecordReceiverPhone', 'Phone number is not valid'],
    [{ haulageRecordReceiverEmail: 'rita@' }, 'haulageRecordReceiverEmail', 'Email is not valid'],
    [{ receivingSiteAddress: 'x'.repeat(1001) }, 'receivingSiteAddress', 'Can be max 1000 characters'],
  ])('refuse %o on %s with %s', (input, field, message) => {
    expect(refusal(() => validateSettings(input))).toEqual(invalidField(field, message));
  });

  it.each([0, -3, 1.5, 'weekly', 2_147_483_648])('refuse a re-tare rule of %s days', (retareEveryDays) => {
    expect(refusal(() => validateSettings({ retareEveryDays }))).toEqual(
      invalidField(
        'retareEveryDays',
        'Re-tare days must be a whole number of 1 or more, or blank for never to expire',
      ),
    );
  });

  it.each(['LB', 'pounds', 'long-ton', 'g', 5])('refuse a weight unit of %s', (displayUnit) => {
    expect(refusal(() => validateSettings({ displayUnit }))).toEqual(
      invalidField('displayUnit', 'Weight unit must be one of kg, t, lb, ton'),
    );
  });

  it('export their messages', () => {
    expect(settingsMessages.phoneInvalid).toBe('Phone number is not valid');
  });
});
