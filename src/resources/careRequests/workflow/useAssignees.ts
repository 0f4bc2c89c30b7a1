import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useCan } from '../../../common/permissions';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Assignee } from '../../../dataProviders/careRequests/workflow';

export const assigneesKey = ['careAssignees'];
const NONE: Assignee[] = [];

/**
 * Who a request may be assigned to, by public name; loaded once and shared by the assignee field and filter (the list
 * rarely changes, so it stays fresh for minutes). The service answers it to care:work holders only, so others never ask.
 */
export function useAssignees(): Assignee[] {
  const canWork = useCan('care:work');
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const { data } = useQuery({
    queryKey: assigneesKey,
    queryFn: async () => (await dataProvider.getAssignees(CARE_REQUEST_RESOURCES.incoming)).data,
    enabled: canWork,
    staleTime: 5 * 60_000,
  });
  return data ?? NONE;
}
