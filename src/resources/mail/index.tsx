import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DnsIcon from '@mui/icons-material/Dns';
import ErrorIcon from '@mui/icons-material/Error';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import UpdateIcon from '@mui/icons-material/Update';
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import type { MenuEntry } from '../../layout/menuItems';
import { mailPaths } from './paths';

const ProviderList = lazy(() => import('./ProviderList'));
const ProviderEditor = lazy(() => import('./ProviderEditor'));
const AccountList = lazy(() => import('./AccountList'));
const AccountEditor = lazy(() => import('./AccountEditor'));
const QueueList = lazy(() => import('./QueueList'));
const DeliveredList = lazy(() => import('./DeliveredList'));
const RetryList = lazy(() => import('./RetryList'));
const FailedList = lazy(() => import('./FailedList'));

/** The mail-delivery screens' routes (inside the layout; react-router ranks 'add' above ':uid'). */
export const mailRoutes = [
  <Route key="providers" path={mailPaths.providers} element={<ProviderList />} />,
  <Route key="add-provider" path={mailPaths.addProvider} element={<ProviderEditor />} />,
  <Route key="edit-provider" path="/mailman/providers/:uid/" element={<ProviderEditor />} />,
  <Route key="accounts" path={mailPaths.accounts} element={<AccountList />} />,
  <Route key="add-account" path={mailPaths.addAccount} element={<AccountEditor />} />,
  <Route key="edit-account" path="/mailman/accounts/:uid/" element={<AccountEditor />} />,
  <Route key="queue" path={mailPaths.queue} element={<QueueList />} />,
  <Route key="delivered" path={mailPaths.delivered} element={<DeliveredList />} />,
  <Route key="retries" path={mailPaths.retries} element={<RetryList />} />,
  <Route key="failed" path={mailPaths.failed} element={<FailedList />} />,
];

const group = 'caredesk.mail.menu.group';

/** The drawer group 'Mail Delivery'. */
export const mailMenuItems: MenuEntry[] = [
  { to: mailPaths.providers, label: 'caredesk.mail.menu.providers', icon: DnsIcon, group },
  { to: mailPaths.accounts, label: 'caredesk.mail.menu.accounts', icon: AccountTreeIcon, group },
  { to: mailPaths.queue, label: 'caredesk.mail.menu.queue', icon: ScheduleSendIcon, group },
  { to: mailPaths.delivered, label: 'caredesk.mail.menu.delivered', icon: MarkEmailReadIcon, group },
  { to: mailPaths.retries, label: 'caredesk.mail.menu.retries', icon: UpdateIcon, group },
  { to: mailPaths.failed, label: 'caredesk.mail.menu.failed', icon: ErrorIcon, group },
];
