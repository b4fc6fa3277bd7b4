import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { errorText } from './error-text';

const translate = (key: string, options?: object) => i18nProvider.translate(key, options) as string;

describe('errorText', () => {
  it('reads a 5xx (which the HTTP client words as a catalogue key) in words, never as the key', () => {
    expect(errorText(translate, new HttpError('portal.errors.unexpected', 500))).toBe(
      'An unexpected error occurred.',
    );
    expect(errorText(translate, undefined)).toBe('An unexpected error occurred.');
  });

  it("keeps a server's own message as it is", () => {
    expect(errorText(translate, new HttpError('Ticket not found.', 404))).toBe('Ticket not found.');
  });
});
