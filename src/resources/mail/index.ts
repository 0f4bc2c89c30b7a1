import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DnsIcon from '@mui/icons-material/Dns';
import ErrorIcon from '@mui/icons-material/Error';
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

/** The mail-delivery screens (drawer group Mail Delivery), loaded on demand; react-router ranks 'add' above ':uid'. */
const mail: PanelArea = {
  resources: [
    { name: MAIL_RESOURCES.providers, icon: DnsIcon },
    { name: MAIL_RESOURCES.accounts, icon: AccountTreeIcon },
    { name: MAIL_RESOURCES.queue, icon: ScheduleSendIcon },
    { name: MAIL_RESOURCES.delivered, icon: MarkEmailReadIcon },
    { name: MAIL_RESOURCES.retries, icon: UpdateIcon },
    { name: MAIL_RESOURCES.failed, icon: ErrorIcon },
  ],
  routes: [
    { path: mailPaths.providers, component: lazy(() => import('./ProviderList')) },
    { path: mailPaths.addProvider, component: ProviderEditor },
    { path: '/mailman/providers/:uid/', component: ProviderEditor },
    { path: mailPaths.accounts, component: lazy(() => import('./AccountList')) },
    { path: mailPaths.addAccount, component: AccountEditor },
    { path: '/mailman/accounts/:uid/', component: AccountEditor },
    { path: mailPaths.queue, component: lazy(() => import('./QueueList')) },
    { path: mailPaths.delivered, component: lazy(() => import('./DeliveredList')) },
    { path: mailPaths.retries, component: lazy(() => import('./RetryList')) },
    { path: mailPaths.failed, component: lazy(() => import('./FailedList')) },
  ],
  menu: [
    { to: mailPaths.providers, label: 'caredesk.mail.menu.providers', icon: DnsIcon, group },
    { to: mailPaths.accounts, label: 'caredesk.mail.menu.accounts', icon: AccountTreeIcon, group },
    { to: mailPaths.queue, label: 'caredesk.mail.menu.queue', icon: ScheduleSendIcon, group },
    { to: mailPaths.delivered, label: 'caredesk.mail.menu.delivered', icon: MarkEmailReadIcon, group },
    { to: mailPaths.retries, label: 'caredesk.mail.menu.retries', icon: UpdateIcon, group },
    { to: mailPaths.failed, label: 'caredesk.mail.menu.failed', icon: ErrorIcon, group },
  ],
};

export default mail;
