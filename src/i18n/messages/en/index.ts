import { mergeAreaMessages, type AreaMessages } from '../areaMessages';

/**
 * Every English message module of this folder, merged into en.ts. The languages are separate modules so that each language's
 * chunk carries only its own texts (docs/architecture.md, The panel's structure).
 */
export const { caredesk: caredeskEn, resources: resourcesEn } = mergeAreaMessages(
  import.meta.glob<AreaMessages>(['./*.ts', '!./index.ts'], { eager: true, import: 'messages' }),
);
