/** Texts of the sign-in's second step and the re-authentication dialog (caredesk.second_factor.*, caredesk.reauthentication.*). */
export const secondFactorEn = {
  second_factor: {
    title: 'Two-step verification',
    totp_intro: 'Enter the 6-digit code your authenticator app shows.',
    recovery_intro: 'Enter one of your recovery codes. Each code works once.',
    webauthn_intro: 'Confirm with your passkey or security key.',
    code: 'One-time code',
    recovery_code: 'Recovery code',
    verify: 'Verify',
    use_recovery_code: 'Use a recovery code',
    use_app: 'Use the authenticator app',
    use_passkey: 'Use a passkey',
    back: 'Back to sign-in',
    code_required: 'Enter the code.',
    passkey_cancelled: 'The passkey was not used. Try again or choose another way.',
    passkey_unsupported:
      'This browser cannot use passkeys or security keys. Choose another way, or use another browser.',
    passkey_sign_in: 'Sign in with a passkey',
  },
  reauthentication: {
    title: 'Confirm your identity',
    intro: 'This action needs a recent sign-in. Enter your password to continue.',
    password: 'Password',
    wrong_password: 'Wrong password.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    intro_at_provider:
      'This action needs a recent sign-in. Sign in again at %{provider}: you come back to this page and can then repeat the action.',
    confirm_at_provider: 'Confirm with %{provider}',
    cancelled: 'The action was cancelled: your identity was not confirmed.',
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: secondFactorEn };
