import type { DeepStringRecord } from '../types';

/** Texts of the Roles screen (caredesk.roles.*) and the resource's name. */
export const rolesEn = {
  roles: {
    menu: 'Roles',
    title: 'Roles',
    intro: 'Each role grants the permissions checked below; a user holds the permissions of all their roles. A change applies from each user’s next request.',
    read_only: 'You may view the roles but not change them.',
    role: 'Role',
    permissions: 'Permissions',
    permission_count: '%{smart_count} permission |||| %{smart_count} permissions',
    save: 'Save',
    saved: 'The permissions of the role %{role} were saved.',
    empty: 'No roles yet. A role appears here once it has a policy or a user holds it.',
    export: {
      file_name: 'roles',
      permission_names: 'Permission names',
    },
  },
};

export const rolesDe: DeepStringRecord<typeof rolesEn> = {
  roles: {
    menu: 'Rollen',
    title: 'Rollen',
    intro: 'Jede Rolle gewährt die unten angekreuzten Rechte; ein Benutzer hat die Rechte all seiner Rollen. Eine Änderung gilt ab der nächsten Anfrage des Benutzers.',
    read_only: 'Sie dürfen die Rollen ansehen, aber nicht ändern.',
    role: 'Rolle',
    permissions: 'Rechte',
    permission_count: '%{smart_count} Recht |||| %{smart_count} Rechte',
    save: 'Speichern',
    saved: 'Die Rechte der Rolle %{role} wurden gespeichert.',
    empty: 'Noch keine Rollen. Eine Rolle erscheint hier, sobald sie Rechte hat oder ein Benutzer sie trägt.',
    export: {
      file_name: 'rollen',
      permission_names: 'Rechtenamen',
    },
  },
};

export const rolesResourcesEn = { roles: { name: 'Role |||| Roles' } };
export const rolesResourcesDe: DeepStringRecord<typeof rolesResourcesEn> = { roles: { name: 'Rolle |||| Rollen' } };
