import { Type } from '@sinclair/typebox';
import { commaList, EMAIL_ADDRESS, text, wholeNumber, ZIP_PREFIX } from '../variable-types';

/** Berlin's own zip codes (10xxx, 12xxx, 13xxx and 140xx-141xx); the rest of 14xxx-16xxx is the surrounding Brandenburg. */
const BERLIN_ZIP_PREFIXES = ['10', '12', '13', '140', '141'];
const BRANDENBURG_ZIP_PREFIXES = ['14', '15', '16'];

const zipPrefixes = text({ pattern: ZIP_PREFIX, description: 'a zip code prefix' });
const ZIP_PREFIXES_MUST = 'be a comma list of 1 to 5 digit zip code prefixes';

/** The care-request intake (server/intake), the care service (server/care) and the agency they work for. */
export const careVariables = {
  INTAKE_RATE_LIMIT: wholeNumber({
    default: 30,
    atLeast: 1,
    description:
      'intake submissions per minute per client address, counted in the database: the limit holds across all processes sharing it',
  }),
  CORE_TERRITORY_ZIP_PREFIXES: commaList(zipPrefixes, {
    default: BERLIN_ZIP_PREFIXES,
    must: ZIP_PREFIXES_MUST,
    description: 'zip prefixes of the core territory (Berlin)',
  }),
  OPTIONAL_TERRITORY_ZIP_PREFIXES: commaList(zipPrefixes, {
    default: BRANDENBURG_ZIP_PREFIXES,
    must: ZIP_PREFIXES_MUST,
    description: 'zip prefixes of the optional territory (surrounding Brandenburg); core wins when both match',
  }),
  PARTIAL_ZIP_DIGITS: wholeNumber({
    default: 2,
    minimum: 1,
    maximum: 4,
    description: 'digits a partial zip code keeps (`10xxx`), 1–4',
  }),
  CARE_REQUEST_NOTIFY: commaList(text({ pattern: EMAIL_ADDRESS, description: 'an e-mail address' }), {
    default: [],
    must: 'be a comma list of e-mail addresses',
    description: 'comma list of addresses that get a notification mail for each accepted care request',
  }),
  // its default depends on AGENCY_WEBSITE (load-config.ts)
  CARE_REQUEST_NOTIFY_SENDER: Type.Optional(
    text({
      pattern: EMAIL_ADDRESS,
      must: 'be an e-mail address',
      shownDefault: '`caredesk@<agency website host>`',
      description: 'the sender of those notifications',
    }),
  ),
  PANEL_URL: text({
    default: 'http://localhost:8080',
    format: 'http-url',
    must: 'be an absolute http(s) URL such as https://panel.example.org',
    description:
      'where staff open the panel (an absolute http(s) URL; a path is kept, a trailing slash dropped): the notification mail links to the request there',
  }),
  CARE_CONTACT_RETENTION_DAYS: wholeNumber({
    default: 730,
    atLeast: 1,
    description: "a care request's contact data is erased this many days after its submission (at least 1)",
  }),
  CARE_EVENT_STREAMS_PER_USER: wholeNumber({
    default: 5,
    minimum: 1,
    description:
      'open live-event streams (`/api/care/events/`) one user may hold in one process (a panel tab holds one); more get 429',
  }),
  CARE_EVENT_STREAMS_PER_PROCESS: wholeNumber({
    default: 1000,
    minimum: 1,
    description: 'open live-event streams one server process holds at most; more get 429',
  }),
  AGENCY_LANGUAGE: text({
    default: 'en',
    pattern: '^(en|de)$',
    must: 'be en or de',
    description:
      "the language of the mails the care services send the agency's staff (the notice of a new care request, the assignment mail): `en` or `de`",
  }),
  AGENCY_WEBSITE: text({
    default: 'https://www.caredesk.example',
    format: 'absolute-url',
    must: 'be an absolute URL such as https://www.example.org',
    description:
      'the default Origin of care requests created in the panel (served in `/config.json` as `agencyWebsite`)',
  }),
};
