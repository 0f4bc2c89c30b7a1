import type { DeepStringRecord } from '../../types';
import type { secondFactorEn } from '../en/secondFactor';

export const secondFactorDe: DeepStringRecord<typeof secondFactorEn> = {
  second_factor: {
    title: 'Bestätigung in zwei Schritten',
    totp_intro: 'Geben Sie den 6-stelligen Code ein, den Ihre Authenticator-App zeigt.',
    recovery_intro: 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code gilt einmal.',
    webauthn_intro: 'Bestätigen Sie mit Ihrem Passkey oder Sicherheitsschlüssel.',
    code: 'Einmalcode',
    recovery_code: 'Wiederherstellungscode',
    verify: 'Bestätigen',
    use_recovery_code: 'Wiederherstellungscode verwenden',
    use_app: 'Authenticator-App verwenden',
    use_passkey: 'Passkey verwenden',
    back: 'Zurück zur Anmeldung',
    code_required: 'Geben Sie den Code ein.',
    passkey_cancelled: 'Der Passkey wurde nicht verwendet. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.',
    passkey_unsupported:
      'Dieser Browser kann keine Passkeys oder Sicherheitsschlüssel verwenden. Wählen Sie einen anderen Weg oder einen anderen Browser.',
    passkey_sign_in: 'Mit Passkey anmelden',
  },
  reauthentication: {
    title: 'Identität bestätigen',
    intro: 'Diese Aktion verlangt eine frische Anmeldung. Geben Sie Ihr Passwort ein, um fortzufahren.',
    password: 'Passwort',
    wrong_password: 'Falsches Passwort.',
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    intro_at_provider:
      'Diese Aktion verlangt eine frische Anmeldung. Melden Sie sich erneut bei %{provider} an: Sie kommen auf diese Seite zurück und können die Aktion dann wiederholen.',
    confirm_at_provider: 'Mit %{provider} bestätigen',
    cancelled: 'Die Aktion wurde abgebrochen: Ihre Identität wurde nicht bestätigt.',
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: secondFactorDe };
