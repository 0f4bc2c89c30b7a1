import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DnsIcon from '@mui/icons-material/Dns';
import ErrorIcon from '@mui/icons-material/Error';
import HistoryIcon from '@mui/icons-material/History';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import UpdateIcon from '@mui/icons-material/Update';
import { lazy } from 'react';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { PanelArea } from '../../registry/types';
import { mailPaths } from './paths';

const ProviderEditor = lazy(() => import('./ProviderEditor'));
const AccountEditor = lazy(() => import('./AccountEditor'));
const group = 'caredesk.mail.menu.group';
const read = 'mail:read';
const manage = 'mail:manage';

/**
 * The mail-delivery screens (drawer group Mail Delivery), loaded on demand; react-router ranks 'add' above ':uid'.
 * The lists, the mail log and a mail's detail need mail:read; the provider and account editors mail:manage (Resend and
 * Cancel on the detail too).
 */
const mail: PanelArea = {
  resources: [
    { name: MAIL_RESOURCES.providers, permission: read, icon: DnsIcon },
    { name: MAIL_RESOURCES.accounts, permission: read, icon: AccountTreeIcon },
    { name: MAIL_RESOURCES.queue, permission: read, icon: ScheduleSendIcon },
    { name: MAIL_RESOURCES.delivered, permission: read, icon: MarkEmailReadIcon },
    { name: MAIL_RESOURCES.retries, permission: read, icon: UpdateIcon },
    { name: MAIL_RESOURCES.failed, permission: read, icon: ErrorIcon },
    { name: MAIL_RESOURCES.log, permission: read, icon: HistoryIcon },
  ],
  routes: [
    { path: mailPaths.providers, permission: read, component: lazy(() => import('./ProviderList')) },
    { path: mailPaths.addProvider, permission: manage, component: ProviderEditor },
    { path: '/mailman/providers/:uid/', permission: manage, component: ProviderEditor },
    { path: mailPaths.accounts, permission: read, component: lazy(() => import('./AccountList')) },
    { path: mailPaths.addAccount, permission: manage, component: AccountEditor },
    { path: '/mailman/accounts/:uid/', permission: manage, component: AccountEditor },
    { path: mailPaths.queue, permission: read, component: lazy(() => import('./QueueList')) },
    { path: mailPaths.delivered, permission: read, component: lazy(() => import('./DeliveredList')) },
    { path: mailPaths.retries, permission: read, component: lazy(() => import('./RetryList')) },
    { path: mailPaths.failed, permission: read, component: lazy(() => import('./FailedList')) },
    { path: mailPaths.log, permission: read, component: lazy(() => import('./log/MailLogList')) },
    { path: '/mailman/log/:uid/', permission: read, component: lazy(() => import('./log/MailLogShow')) },
  ],
  menu: [
    { to: mailPaths.providers, permission: read, label: 'caredesk.mail.menu.providers', icon: DnsIcon, group },
    { to: mailPaths.accounts, permission: read, label: 'caredesk.mail.menu.accounts', icon: AccountTreeIcon, group },
    { to: mailPaths.queue, permission: read, label: 'caredesk.mail.menu.queue', icon: ScheduleSendIcon, group },
    { to: mailPaths.delivered, permission: read, label: 'caredesk.mail.menu.delivered', icon: MarkEmailReadIcon, group },
    { to: mailPaths.retries, permission: read, label: 'caredesk.mail.menu.retries', icon: UpdateIcon, group },
    { to: mailPaths.failed, permission: read, label: 'caredesk.mail.menu.failed', icon: ErrorIcon, group },
    { to: mailPaths.log, permission: read, label: 'caredesk.mail_log.menu', icon: HistoryIcon, group },
  ],
};

export default mail;
