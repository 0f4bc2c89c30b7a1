import type { DeepStringRecord } from '../../types';
import type { caredeskEn, resourcesEn } from '../en';
import { auditDe, auditResourcesDe } from './audit';
import { careDe, careResourcesDe } from './care';
import { filesDe, filesResourcesDe } from './files';
import { listFeaturesDe } from './listFeatures';
import { mailDe, mailResourcesDe } from './mail';
import { mailLogDe, mailLogResourcesDe } from './mailLog';
import { permissionsDe } from './permissions';
import { problemsDe } from './problems';
import { rolesDe, rolesResourcesDe } from './roles';
import { statisticsDe, statisticsResourcesDe } from './statistics';
import { usersDe } from './users';

/** Every area's German texts, merged into de.ts, with the same keys as ../en/index.ts. */
export const caredeskDe: DeepStringRecord<typeof caredeskEn> = { ...filesDe, ...mailDe, ...mailLogDe, ...careDe, ...problemsDe, ...permissionsDe, ...rolesDe, ...auditDe, ...statisticsDe, ...listFeaturesDe };

export const resourcesDe: DeepStringRecord<typeof resourcesEn> = { ...usersDe, ...rolesResourcesDe, ...careResourcesDe, ...filesResourcesDe, ...mailResourcesDe, ...mailLogResourcesDe, ...auditResourcesDe, ...statisticsResourcesDe };
