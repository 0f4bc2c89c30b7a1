/** The mail log's and the mail detail's texts (caredesk.mail_log.*), spread into caredesk of en.ts / de.ts. */
export const mailLogEn = {
  mail_log: {
    menu: 'Mail Log',
    title: 'Mail Log',
    empty: 'No mails have been sent yet. Mails appear here as soon as the panel or a service sends one.',
    states_label: 'Show mails in these states',
    search_placeholder: 'A whole address or Message-ID, or any text',
    states: {
      queued: 'Queued',
      retrying: 'Retrying',
      delivered: 'Delivered',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    fields: {
      state: 'State',
      reference: 'Reference',
      sender: 'Sender',
      recipient: 'Recipient',
      recipients: 'Recipients',
      cc: 'Cc',
      subject: 'Subject',
      message: 'Message',
      message_id: 'Message-ID',
      requested: 'Requested',
      completed: 'Completed',
      attempts: 'Attempts',
      last_error: 'Last error',
      cancelled: 'Cancelled',
      resent_from: 'Resent from',
      resent_as: 'Resent as',
    },
    filter: {
      requested_from: 'Requested from',
      requested_to: 'Requested until',
    },
    detail: {
      title: 'Mail %{id}',
      open: 'Open mail %{subject}',
      back: 'Back',
      not_found: 'The mail does not exist (any more).',
      load_failed: 'The mail cannot be loaded: %{message}',
      cancelled_value: '%{time} by %{by}',
      none: '–',
      no_subject: '(no subject)',
      attempts: 'Delivery attempts',
      no_attempts: 'No delivery attempt yet.',
      attempt_number: 'Attempt %{number}',
      time: 'Time',
      provider: 'Provider',
      no_provider: 'No account matched the sender',
      outcome: 'Outcome',
      reply: 'Reply',
      recipients: 'Recipients',
      accepted: 'accepted',
      refused: 'refused',
      no_reply: 'no reply given',
      outcomes: {
        delivered: 'Delivered',
        retrying: 'Will be retried',
        failed: 'Failed',
      },
    },
    actions: {
      requeue: 'Requeue',
      requeue_title: 'Requeue this mail?',
      requeue_message:
        'The same mail goes back into the queue and is delivered again, with its reference and its attempts so far.',
      requeued: 'The mail is back in the queue.',
      resend: 'Resend',
      resend_title: 'Resend this mail?',
      resend_message:
        'A new mail with the same sender, recipients, subject and message is queued and linked to this one.',
      resend_confirm: 'Resend',
      resent: 'The mail was queued again as a new mail.',
      cancel: 'Cancel delivery',
      cancel_title: 'Cancel the delivery of this mail?',
      cancel_message: 'The mail will not be delivered. This cannot be undone, but the mail can be resent later.',
      cancel_confirm: 'Cancel delivery',
      cancelled: 'The delivery was cancelled.',
    },
    export: {
      button: 'Export CSV',
      file_name: 'mail-log',
      truncated: 'Only the first %{count} mails were exported.',
      failed: 'The export failed: %{message}',
    },
  },
};

/** The mail log's resource name, for react-admin's own messages. */
export const mailLogResourcesEn = { 'mail-log': { name: 'Mail |||| Mails' } };

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: mailLogEn, resources: mailLogResourcesEn };
