/** Texts of the Roles screen (caredesk.roles.*) and the resource's name. */
export const rolesEn = {
  roles: {
    menu: 'Roles',
    title: 'Roles',
    intro:
      'Each role grants the permissions checked below; a user holds the permissions of all their roles. A change applies from each user’s next request.',
    read_only: 'You may view the roles but not change them.',
    role: 'Role',
    permissions: 'Permissions',
    permission_count: '%{smart_count} permission |||| %{smart_count} permissions',
    save: 'Save',
    second_factor_required: 'Second factor required',
    second_factor_description: 'Users with this role must confirm each sign-in with a second factor.',
    saved: 'The permissions of the role %{role} were saved.',
    empty: 'No roles yet. A role appears here once it has a policy or a user holds it.',
    export: {
      file_name: 'roles',
      permission_names: 'Permission names',
    },
  },
};

export const rolesResourcesEn = { roles: { name: 'Role |||| Roles' } };

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: rolesEn, resources: rolesResourcesEn };
