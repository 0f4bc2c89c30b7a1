import { mergeAreaMessages, type AreaMessages } from '../areaMessages';

/** Every German message module of this folder, merged into de.ts; each module is typed from its English counterpart. */
export const { caredesk: caredeskDe, resources: resourcesDe } = mergeAreaMessages(
  import.meta.glob<AreaMessages>(['./*.ts', '!./index.ts'], { eager: true, import: 'messages' }),
);
