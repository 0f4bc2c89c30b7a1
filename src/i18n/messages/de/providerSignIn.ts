import type { DeepStringRecord } from '../../types';
import type { providerSignInEn } from '../en/providerSignIn';

export const providerSignInDe: DeepStringRecord<typeof providerSignInEn> = {
  provider_sign_in: {
    sign_in_with: 'Mit %{provider} anmelden',
    or: 'oder',
    unreachable:
      '%{provider} ist gerade nicht erreichbar. Melden Sie sich mit Ihrem Passwort an, oder versuchen Sie es später noch einmal.',
    continuing: 'Anmeldung wird abgeschlossen …',
    refusals: {
      'not-configured':
        'Die Anmeldung über einen Anmeldedienst ist nicht eingerichtet. Melden Sie sich mit Ihrem Passwort an.',
      unreachable:
        'Der Anmeldedienst ist gerade nicht erreichbar. Melden Sie sich mit Ihrem Passwort an, oder versuchen Sie es später noch einmal.',
      'invalid-state':
        'Die Anmeldung beim Anmeldedienst wurde nicht auf dieser Seite begonnen, hat länger als 10 Minuten gedauert oder wurde schon verwendet. Bitte versuchen Sie es noch einmal.',
      'provider-refused':
        'Der Anmeldedienst hat Sie nicht angemeldet: Die Anmeldung wurde dort abgebrochen oder abgelehnt.',
      'invalid-response':
        'Die Antwort des Anmeldedienstes ließ sich nicht prüfen, deshalb wurden Sie nicht angemeldet. Bitte versuchen Sie es noch einmal; geschieht es wieder, wenden Sie sich an einen Administrator.',
      'no-account':
        'Zu Ihrem Konto beim Anmeldedienst gehört kein Caredesk-Benutzer. Bitten Sie einen Administrator, Sie anzulegen.',
      'no-role':
        'Ihr Konto beim Anmeldedienst ist in keiner Gruppe, die eine Caredesk-Rolle gibt. Bitten Sie einen Administrator, Sie einer hinzuzufügen.',
      banned: 'Ihr Caredesk-Benutzer ist gesperrt. Wenden Sie sich an einen Administrator.',
      failed:
        'Die Anmeldung über den Anmeldedienst ist fehlgeschlagen. Bitte versuchen Sie es später noch einmal, oder wenden Sie sich an einen Administrator.',
    },
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: providerSignInDe };
