/** Texts of the dashboard's figures (caredesk.statistics.*). */
export const statisticsEn = {
  statistics: {
    refreshed: 'The figures update every minute.',
    failed_to_load: 'These figures could not be loaded.',
    mail: {
      title: 'Mail delivery',
      queued: 'Queued',
      retrying: 'Waiting for another attempt',
      failed: 'Failed permanently',
      delivered_today: 'Delivered today',
      failed_action:
        '%{smart_count} mail failed permanently and will not be sent on its own. |||| %{smart_count} mails failed permanently and will not be sent on their own.',
      review_failed: 'Review failed mails',
      none_failed: 'No mail has failed permanently.',
    },
    care: {
      title: 'Care requests per week',
      period: 'The last 12 weeks, days in %{zone}',
      core: 'Core territory',
      optional: 'Optional territory',
      other: 'Neither',
      week: 'Week',
      summary: '%{total} care requests: %{core} in the core territory, %{optional} in the optional territory.',
      open_list: 'Open the incoming care requests',
      loading_chart: 'Loading the chart…',
    },
    files: {
      title: 'Files',
      stored: 'Files stored',
      size: 'Total size',
    },
    tokens: {
      title: 'API access tokens expiring within %{days} days',
      files: 'Filebucket',
      pricing: 'Pricing',
    },
    users: {
      title: 'Users',
      locked: 'Locked out',
      missing_second_factor: 'Missing a required second factor',
    },
  },
};

export const statisticsResourcesEn = { statistics: { name: 'Figures |||| Figures' } };

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: statisticsEn, resources: statisticsResourcesEn };
