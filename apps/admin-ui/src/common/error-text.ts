import type { TranslateFunction } from 'react-admin';

/**
 * What a failed call says to the user: its message, translated when it is a catalogue key (the HTTP
 * client words every 5xx and network failure as 'portal.errors.unexpected'), as is otherwise.
 */
export function errorText(translate: TranslateFunction, error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : 'portal.errors.unexpected';
  return translate(message, { _: message });
}
