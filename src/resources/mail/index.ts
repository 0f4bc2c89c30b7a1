import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DnsIcon from '@mui/icons-material/Dns';
import ErrorIcon from '@mui/icons-material/Error';
import HistoryIcon from '@mui/icons-material/History';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import UpdateIcon from '@mui/icons-material/Update';
import { type ComponentType, lazy } from 'react';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { PanelArea, PanelResource } from '../../registry/types';
import { mailPaths } from './paths';

const ProviderEditor = lazy(() => import('./ProviderEditor'));
const AccountEditor = lazy(() => import('./AccountEditor'));
const group = 'caredesk.mail.menu.group';
const read = 'mail:read';
const manage = 'mail:manage';

/** A mail list: one resource with its screen, in the drawer under Mail Delivery. */
const mailList = (
  name: PanelResource['name'],
  icon: PanelResource['icon'],
  path: string,
  component: ComponentType,
  label: string,
): PanelResource => ({
  name,
  permission: read,
  icon,
  screens: [{ path, component, menu: { label, group } }],
});

/**
 * The mail-delivery screens (drawer group Mail Delivery), loaded on demand; react-router ranks 'add' above ':uid'.
 * The lists, the mail log and a mail's detail need mail:read; the provider and account editors mail:manage (Resend and
 * Cancel on the detail too). On the dashboard: the mails queued, retrying, failed and delivered today.
 */
const mail: PanelArea = {
  resources: [
    {
      name: MAIL_RESOURCES.providers,
      permission: read,
      editPermission: manage,
      icon: DnsIcon,
      screens: [
        {
          path: mailPaths.providers,
          component: lazy(() => import('./ProviderList')),
          menu: { label: 'caredesk.mail.menu.providers', group },
        },
        { path: mailPaths.addProvider, component: ProviderEditor, editor: true },
        { path: '/mailman/providers/:uid/', component: ProviderEditor, editor: true },
      ],
    },
    {
      name: MAIL_RESOURCES.accounts,
      permission: read,
      editPermission: manage,
      icon: AccountTreeIcon,
      screens: [
        {
          path: mailPaths.accounts,
          component: lazy(() => import('./AccountList')),
          menu: { label: 'caredesk.mail.menu.accounts', group },
        },
        { path: mailPaths.addAccount, component: AccountEditor, editor: true },
        { path: '/mailman/accounts/:uid/', component: AccountEditor, editor: true },
      ],
    },
    mailList(
      MAIL_RESOURCES.queue,
      ScheduleSendIcon,
      mailPaths.queue,
      lazy(() => import('./QueueList')),
      'caredesk.mail.menu.queue',
    ),
    mailList(
      MAIL_RESOURCES.delivered,
      MarkEmailReadIcon,
      mailPaths.delivered,
      lazy(() => import('./DeliveredList')),
      'caredesk.mail.menu.delivered',
    ),
    mailList(
      MAIL_RESOURCES.retries,
      UpdateIcon,
      mailPaths.retries,
      lazy(() => import('./RetryList')),
      'caredesk.mail.menu.retries',
    ),
    mailList(
      MAIL_RESOURCES.failed,
      ErrorIcon,
      mailPaths.failed,
      lazy(() => import('./FailedList')),
      'caredesk.mail.menu.failed',
    ),
    {
      name: MAIL_RESOURCES.log,
      permission: read,
      icon: HistoryIcon,
      screens: [
        {
          path: mailPaths.log,
          component: lazy(() => import('./log/MailLogList')),
          menu: { label: 'caredesk.mail_log.menu', group },
        },
        { path: '/mailman/log/:uid/', component: lazy(() => import('./log/MailLogShow')) },
      ],
    },
  ],
  figures: { component: lazy(() => import('./MailFigures')), order: 1 },
};

export default mail;
