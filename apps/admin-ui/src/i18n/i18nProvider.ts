import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages } from './messages';

// English only; allowMissing lets server messages (already English) pass through translate() unchanged.
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
