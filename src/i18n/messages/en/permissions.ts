/**
 * The permissions' names and short descriptions (caredesk.permissions.<group>.<action>, e.g. users:read →
 * permissions.users.read; a group's heading is its `title`), and the pages of the panel's permission gate
 * (caredesk.access.*).
 */
export const permissionsEn = {
  permissions: {
    users: {
      title: 'Users',
      read: { name: 'View users', description: 'See the users, their roles and the role policy.' },
      manage: { name: 'Manage users', description: 'Create and edit users, set passwords, ban, unban, end sessions.' },
    },
    roles: {
      title: 'Roles',
      manage: { name: 'Manage roles', description: 'Change which permissions each role grants.' },
    },
    mail: {
      title: 'Mail delivery',
      read: { name: 'View mail delivery', description: 'See providers, accounts and the mail queues.' },
      manage: {
        name: 'Manage mail delivery',
        description: 'Add and edit providers and accounts, requeue failed mails.',
      },
      send: { name: 'Send mails', description: 'Send mails, including test mails.' },
    },
    files: {
      title: 'Files',
      read: { name: 'View files', description: 'Search and download files.' },
      write: { name: 'Upload files', description: 'Upload files and change their references.' },
    },
    tokens: {
      title: 'API access tokens',
      manage: {
        name: 'Manage API access tokens',
        description: 'Add, revoke and delete the access tokens of the file and pricing services.',
      },
    },
    care: {
      title: 'Care requests',
      read: { name: 'View care requests', description: 'See the incoming and archived care requests.' },
      create: { name: 'Create care requests', description: 'Enter a care request in the panel.' },
      contact: {
        name: 'Contact data of care customers',
        description: 'Read and erase the personal contact data of a care request.',
      },
      work: {
        name: 'Work care requests',
        description: 'Change status, assignee and follow-up of care requests and write notes.',
      },
    },
    audit: {
      title: 'Audit trail',
      read: { name: 'View the audit trail', description: 'See who changed what, and every sign-in.' },
    },
  },
  access: {
    no_access_title: 'No access',
    no_access_text: 'You are not allowed to open this page. If you need it, ask an administrator for the permission.',
    to_dashboard: 'To the dashboard',
    no_panel_title: 'No access to the panel',
    no_panel_text:
      'Your account has no permission for any screen of the panel. An administrator can give your roles permissions. You can still change your password or log out.',
    not_loaded: 'Your permissions could not be loaded. Please reload the page.',
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: permissionsEn };
