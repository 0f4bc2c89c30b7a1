import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { caredeskEn, resourcesEn } from './messages/en';

/** English: react-admin's messages plus the panel's own (caredesk.* and resources.<name>.*). */
export const en = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    sort: {
      ...englishMessages.ra.sort,
      // the column label as written: react-admin's field_lower_first turns "ID" into "iD"
      sort_by: 'Sort by %{field} %{order}',
    },
  },
  caredesk: {
    ...caredeskEn,
    app_title: 'Caredesk',
    menu: {
      dashboard: 'Dashboard',
      users: 'Users',
      navigation: 'Navigation',
    },
    account: {
      menu: 'Account',
      new_password: 'New Password',
      logout: 'Logout',
      no_public_name: 'no public name',
    },
    login: {
      title: 'Sign in',
      username: 'Username',
      password: 'Password',
      submit: 'Login',
      errors: {
        status: 'Request failed with status code %{status}',
        too_many_failures:
          'Too many failed sign-ins. Please try again in %{smart_count} minute. |||| Too many failed sign-ins. Please try again in %{smart_count} minutes.',
        network: 'Network Error',
        no_access_token: 'no access token',
        no_expiry: 'no expiry',
        no_refresh_token: 'no refresh token',
      },
    },
    root: {
      signing_in: 'Signing in…',
    },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Hello %{name}!',
      intro: 'Welcome to Caredesk, the staff panel of the agency. Choose a screen in the menu.',
    },
    action: {
      submit: 'Submit',
      dismiss: 'Close',
    },
    list: {
      no_match: 'Nothing matches the search or the filters.',
      more_than: 'more than %{count}',
      count_all: 'Count all',
      counting: 'Counting…',
      count_failed: 'The matches could not be counted.',
    },
    validation: {
      required: 'This field is required',
      min_length: 'Minimum %{min} characters required',
      password_mismatch: 'The password and its confirmation are not equal',
      roles_required: 'At least one role is required',
    },
    errors: {
      cannot_save: 'Cannot save:',
      in_field: 'in field %{field}',
      config: 'The panel cannot start: %{message}',
      panel_load:
        'The panel could not be shown: it may have been updated since this page was opened, or the connection dropped. Reload the page to continue.',
      reload: 'Reload',
    },
    password: {
      title: 'New Password',
      new_password: 'New password',
      confirmation: 'Confirmation',
      save: 'Save',
      generate: 'Generate Password',
      show: 'Show',
      hide: 'Hide',
      required: 'Required.',
      rule: 'Min. 8 characters with at least one capital letter, a number and a special character.',
      not_equal: 'The passwords are not equal.',
      success: 'The password was successfully updated',
      no_username: 'Your account has no username, so no password can be set.',
      with_provider:
        'You sign in with %{provider}, so you have no Caredesk password: change your password at %{provider}.',
    },
  },
  resources: resourcesEn,
} satisfies TranslationMessages;
