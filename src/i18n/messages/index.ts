import type { ResourceName } from '../../dataProviders';
import type { DeepStringRecord } from '../types';
import { auditDe, auditEn, auditResourcesDe, auditResourcesEn } from './audit';
import { careDe, careEn, careResourcesDe, careResourcesEn } from './care';
import { filesDe, filesEn, filesResourcesDe, filesResourcesEn } from './files';
import { listFeaturesDe, listFeaturesEn } from './listFeatures';
import { mailDe, mailEn, mailResourcesDe, mailResourcesEn } from './mail';
import { mailLogDe, mailLogEn, mailLogResourcesDe, mailLogResourcesEn } from './mailLog';
import { permissionsDe, permissionsEn } from './permissions';
import { problemsDe, problemsEn } from './problems';
import { rolesDe, rolesEn, rolesResourcesDe, rolesResourcesEn } from './roles';
import { statisticsDe, statisticsEn, statisticsResourcesDe, statisticsResourcesEn } from './statistics';
import { usersDe, usersEn } from './users';

/**
 * Every area's texts, merged into en.ts and de.ts: the panel's own keys (caredesk.<area>.*) and react-admin's
 * resource keys (resources.<name>.*). A new area adds its tables here.
 */
export const caredeskEn = { ...filesEn, ...mailEn, ...mailLogEn, ...careEn, ...problemsEn, ...permissionsEn, ...rolesEn, ...auditEn, ...statisticsEn, ...listFeaturesEn };
export const caredeskDe: DeepStringRecord<typeof caredeskEn> = { ...filesDe, ...mailDe, ...mailLogDe, ...careDe, ...problemsDe, ...permissionsDe, ...rolesDe, ...auditDe, ...statisticsDe, ...listFeaturesDe };

/** Every resource has a name (resources.<name>.name) for react-admin's own messages. */
export const resourcesEn = { ...usersEn, ...rolesResourcesEn, ...careResourcesEn, ...filesResourcesEn, ...mailResourcesEn, ...mailLogResourcesEn, ...auditResourcesEn, ...statisticsResourcesEn } satisfies Record<ResourceName, { name: string }>;
export const resourcesDe: DeepStringRecord<typeof resourcesEn> = { ...usersDe, ...rolesResourcesDe, ...careResourcesDe, ...filesResourcesDe, ...mailResourcesDe, ...mailLogResourcesDe, ...auditResourcesDe, ...statisticsResourcesDe };
