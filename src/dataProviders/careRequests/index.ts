import type { Identifier } from 'react-admin';
import type { HttpClient } from '../httpClient';
import { dayRange } from '../kit/dayRange';
import { type PagedListConfig, pagedListResource } from '../kit/pagedList';
import { resourceProvider } from '../kit/resourceProvider';
import type { CareRequestValues } from './formValues';
import { submitCareRequest } from './intake';
import { type CareContact, toArchivedRecord, toIncomingRecord } from './wire';
import { workflowMethods } from './workflow';

export const CARE_REQUEST_RESOURCES = { incoming: 'incomingCareRequests', archived: 'archivedCareRequests' } as const;

/** The status filter arrives as a list, or from the URL as one comma-separated text. */
const statusList = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

const listConfig = {
  filters: { submitted: dayRange, status: statusList, assignee: true, follow_up: true },
  defaultSort: { field: 'submitted', order: 'DESC' },
  getId: (item: { uid: string }) => item.uid,
} satisfies Partial<PagedListConfig<{ uid: string }>>;

/**
 * The care service (GET {careUrl}/incoming/care-requests/ and /archived/care-requests/ in the paged dialect, and
 * /archived/care-requests/{uid}/, and its contact data at .../{uid}/contact/ (read and erase); otherwise read only, records carry id = uid, an archived request has its incoming one's uid),
 * the workflow, notes, activity, own settings and live events of working a request (workflow.ts, on the incoming resource),
 * and the intake: dataProvider.submitCareRequest('incomingCareRequests', {data}) posts the stepper's values to
 * {intakeUrl}/care-request/ (public; the panel sends its bearer, so it is audited as the user's) and never rejects: a refusal is a result the stepper shows.
 */
export function createCareRequestProviders(careUrl: string, intakeUrl: string, httpClient: HttpClient) {
  const archivedUrl = `${careUrl}/archived/care-requests/`;
  return {
    [CARE_REQUEST_RESOURCES.incoming]: resourceProvider({
      ...pagedListResource(httpClient, {
        ...listConfig,
        url: `${careUrl}/incoming/care-requests/`,
        toRecord: toIncomingRecord,
      }),
      ...workflowMethods(careUrl, httpClient),
      submitCareRequest: async (_resource: string, { data }: { data: CareRequestValues }) => ({
        data: await submitCareRequest(intakeUrl, data, httpClient.fetch),
      }),
    }),
    [CARE_REQUEST_RESOURCES.archived]: resourceProvider({
      ...pagedListResource(httpClient, {
        ...listConfig,
        url: archivedUrl,
        toRecord: toArchivedRecord,
        itemUrl: (id) => `${archivedUrl}${encodeURIComponent(String(id))}/`,
      }),
      /** dataProvider.getContact('archivedCareRequests', {id}): the customer's contact data (care:contact; each read is audited). */
      getContact: async (_resource: string, { id }: { id: Identifier }) => ({
        data: (await httpClient(`${archivedUrl}${encodeURIComponent(String(id))}/contact/`)).json as CareContact,
      }),
      /** dataProvider.eraseContact('archivedCareRequests', {id}): erases the contact data for good. */
      eraseContact: async (_resource: string, { id }: { id: Identifier }) => {
        await httpClient(`${archivedUrl}${encodeURIComponent(String(id))}/contact/`, { method: 'DELETE' });
        return { data: { id } };
      },
    }),
  };
}
