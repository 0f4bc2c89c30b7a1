/** Texts of the Security page, the enrollment-only page and the enrollment notice (caredesk.security.*). */
export const securityEn = {
  security: {
    menu: 'Security',
    title: 'Security',
    factors_title: 'Second factors',
    intro:
      'A second factor protects your account when someone learns your password: after the password you confirm each sign-in with an authenticator app, a passkey or a security key.',
    none: 'You have no second factor yet.',
    provider_factors:
      'You sign in with %{provider}, which manages your second factor: when %{provider} confirms your sign-in with its multi-factor authentication, Caredesk asks for nothing more. A factor you set up here is asked for only after a sign-in at %{provider} without it.',
    required: 'Your roles require a second factor.',
    loading: 'Loading your second factors',
    kind: 'Kind',
    name: 'Name',
    created: 'Added',
    last_used: 'Last used',
    never: 'never',
    actions: 'Actions',
    kinds: { totp: 'Authenticator app', webauthn: 'Passkey or security key' },
    add_totp: 'Add authenticator app',
    add_passkey: 'Add passkey or security key',
    remove: 'Remove',
    remove_named: 'Remove %{name}',
    remove_title: 'Remove this second factor?',
    remove_message: 'It will no longer confirm your sign-ins.',
    removed: 'The second factor has been removed.',
    recovery_title: 'Recovery codes',
    recovery_intro: 'A recovery code confirms one sign-in when you cannot use your authenticator app or passkey.',
    recovery_left: '%{smart_count} recovery code left. |||| %{smart_count} recovery codes left.',
    new_recovery_codes: 'New recovery codes',
    new_recovery_title: 'Replace your recovery codes?',
    new_recovery_message: 'Your current recovery codes stop working at once.',
    cancel: 'Cancel',
    totp: {
      title: 'Add authenticator app',
      scan: 'Scan the QR code with your authenticator app, or type the key into it. Then enter the code the app shows.',
      qr: 'QR code for your authenticator app',
      key: 'Key',
      name: 'Name (optional)',
      code: 'Code from the app',
      code_invalid: 'Enter the 6 digits the app shows.',
      preparing: 'Preparing…',
      confirm: 'Confirm',
      added: 'The authenticator app has been added.',
    },
    passkey: {
      title: 'Add passkey or security key',
      intro: 'Give it a name you will recognise, then follow your browser’s steps.',
      name: 'Name (optional)',
      start: 'Continue',
      added: 'The passkey or security key has been added.',
      cancelled: 'Nothing was added: the browser’s steps were cancelled.',
    },
    codes: {
      title: 'Your recovery codes',
      intro: 'Keep these codes somewhere safe. Each one confirms one sign-in. They are shown only now.',
      list: 'Recovery codes',
      download: 'Download',
      print: 'Print',
      done: 'I have saved them',
      file_name: 'caredesk-recovery-codes.txt',
      file_heading: 'Caredesk recovery codes. Each code works once.',
      sessions_ended:
        'Your other session has been signed out: sign in there again with your second factor. |||| Your %{smart_count} other sessions have been signed out: sign in there again with your second factor.',
    },
    enrollment: {
      title: 'Set up a second factor',
      intro:
        'Your roles require a second factor, and the time to set one up is over. Add an authenticator app or a passkey to continue.',
      continue: 'Continue to the panel',
      logout: 'Logout',
    },
    notice: {
      text: 'Your roles require a second factor. Please set one up by %{day}.',
      link: 'Set up now',
      short: 'Second factor due by %{day}',
      link_short: 'Set up',
    },
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: securityEn };
