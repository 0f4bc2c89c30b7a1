import type { ResourceName } from '../../../dataProviders';
import { auditEn, auditResourcesEn } from './audit';
import { careEn, careResourcesEn } from './care';
import { filesEn, filesResourcesEn } from './files';
import { listFeaturesEn } from './listFeatures';
import { mailEn, mailResourcesEn } from './mail';
import { mailLogEn, mailLogResourcesEn } from './mailLog';
import { permissionsEn } from './permissions';
import { problemsEn } from './problems';
import { rolesEn, rolesResourcesEn } from './roles';
import { statisticsEn, statisticsResourcesEn } from './statistics';
import { usersEn } from './users';

/**
 * Every area's English texts, merged into en.ts: the panel's own keys (caredesk.<area>.*) and react-admin's resource keys
 * (resources.<name>.*). A new area adds its tables here and its German ones in ../de/index.ts. The languages are separate
 * modules so that each language's chunk carries only its own texts (docs/architecture.md, Architecture).
 */
export const caredeskEn = { ...filesEn, ...mailEn, ...mailLogEn, ...careEn, ...problemsEn, ...permissionsEn, ...rolesEn, ...auditEn, ...statisticsEn, ...listFeaturesEn };

/** Every resource has a name (resources.<name>.name) for react-admin's own messages. */
export const resourcesEn = { ...usersEn, ...rolesResourcesEn, ...careResourcesEn, ...filesResourcesEn, ...mailResourcesEn, ...mailLogResourcesEn, ...auditResourcesEn, ...statisticsResourcesEn } satisfies Record<ResourceName, { name: string }>;
