import type { DeepStringRecord } from '../../types';
import type { rolesEn, rolesResourcesEn } from '../en/roles';

export const rolesDe: DeepStringRecord<typeof rolesEn> = {
  roles: {
    menu: 'Rollen',
    title: 'Rollen',
    intro:
      'Jede Rolle gewährt die unten angekreuzten Rechte; ein Benutzer hat die Rechte all seiner Rollen. Eine Änderung gilt ab der nächsten Anfrage des Benutzers.',
    read_only: 'Sie dürfen die Rollen ansehen, aber nicht ändern.',
    role: 'Rolle',
    permissions: 'Rechte',
    permission_count: '%{smart_count} Recht |||| %{smart_count} Rechte',
    save: 'Speichern',
    second_factor_required: 'Zweiter Faktor verlangt',
    second_factor_description: 'Benutzer mit dieser Rolle müssen jede Anmeldung mit einem zweiten Faktor bestätigen.',
    saved: 'Die Rechte der Rolle %{role} wurden gespeichert.',
    empty: 'Noch keine Rollen. Eine Rolle erscheint hier, sobald sie Rechte hat oder ein Benutzer sie trägt.',
    export: {
      file_name: 'rollen',
      permission_names: 'Rechtenamen',
    },
  },
};

export const rolesResourcesDe: DeepStringRecord<typeof rolesResourcesEn> = { roles: { name: 'Rolle |||| Rollen' } };

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: rolesDe, resources: rolesResourcesDe };
