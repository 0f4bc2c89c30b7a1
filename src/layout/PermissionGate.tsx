import { Alert, Box, CircularProgress } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Requirement } from '../common/permissions';
import { useAccess } from './access';
import { NoAccessPage, NoPanelPermissionPage } from './NoAccessPages';

/**
 * The one place where screens check permissions: the screen for a user who meets its requirement; the "no access"
 * page for one who does not; the "no panel permission" page for one without a permission that opens any screen. No navigation happens, so
 * a direct link to a forbidden screen cannot loop.
 */
export const PermissionGate = ({ permission, children }: { permission: Requirement; children: ReactNode }) => {
  const translate = useTranslate();
  const { isPending, error, allows } = useAccess();
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate('caredesk.access.not_loaded')}
      </Alert>
    );
  if (allows(permission)) return children;
  return allows('panel') ? <NoAccessPage /> : <NoPanelPermissionPage />;
};

/** A screen behind the gate (undefined stays undefined: a resource without that screen). */
export function gated(Screen: ComponentType | undefined, permission: Requirement): ComponentType | undefined {
  if (!Screen) return undefined;
  const GatedScreen = () => (
    <PermissionGate permission={permission}>
      <Screen />
    </PermissionGate>
  );
  GatedScreen.displayName = `Gated(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return GatedScreen;
}
