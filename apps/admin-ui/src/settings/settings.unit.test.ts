import { SettingsDataSchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { toSettingsPayload } from './settings';

describe('the settings payload', () => {
  it('sends every setting the site keeps, with the version the form was loaded with', () => {
    const form = Object.fromEntries(Object.keys(SettingsDataSchema.properties).map((field) => [field, 1]));
    expect(Object.keys(toSettingsPayload({ ...form, version: 4 })).sort()).toEqual(
      [...Object.keys(SettingsDataSchema.properties), 'version'].sort(),
    );
  });

  it('sends blank numbers as the site default: prefix and tare 0, tares that never expire', () => {
    expect(
      toSettingsPayload({ currentPrefix: '', defaultTareWeight: null, retareEveryDays: '' }),
    ).toMatchObject({
      currentPrefix: 0,
      defaultTareWeight: 0,
      retareEveryDays: null,
    });
  });
});
