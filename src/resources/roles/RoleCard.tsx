import SaveIcon from '@mui/icons-material/Save';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  Switch,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import { useId, useState } from 'react';
import { useTranslate, useUpdate } from 'react-admin';
import { useGlobalAlert } from '../../common/globalAlert';
import type { Permission } from '../../common/permissions';
import { describeError } from '../../dataProviders/problem';
import { ROLES_RESOURCE, type RoleRecord } from '../../dataProviders/roles';
import { groupTitleKey, PERMISSION_GROUPS, permissionKeys } from './permissionGroups';

const sameSet = (a: readonly Permission[], b: ReadonlySet<Permission>) =>
  a.length === b.size && a.every((permission) => b.has(permission));

/** One role: whether it requires a second factor (a switch), its permissions as checkboxes grouped by topic, each with its description, and Save (roles:manage). */
export const RoleCard = ({ role, readOnly }: { role: RoleRecord; readOnly: boolean }) => {
  const translate = useTranslate();
  const headingId = useId();
  const { showSuccess, showError } = useGlobalAlert();
  const [checked, setChecked] = useState(() => new Set(role.permissions));
  const [secondFactorRequired, setSecondFactorRequired] = useState(role.secondFactorRequired);
  const [update, { isPending }] = useUpdate<RoleRecord>();
  const changed = !sameSet(role.permissions, checked) || secondFactorRequired !== role.secondFactorRequired;

  const toggle = (permission: Permission) =>
    setChecked((current) => {
      const next = new Set(current);
      if (!next.delete(permission)) next.add(permission);
      return next;
    });

  const save = () => {
    const permissions = PERMISSION_GROUPS.flatMap((group) => group.permissions).filter((permission) =>
      checked.has(permission),
    );
    void update(
      ROLES_RESOURCE,
      // the requirement only when it changed: omitted, the service keeps it
      {
        id: role.id,
        data:
          secondFactorRequired === role.secondFactorRequired ? { permissions } : { permissions, secondFactorRequired },
        previousData: role,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => showSuccess('caredesk.roles.saved', { role: role.role }),
        onError: (error) => showError(describeError(error, translate)),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        {/* a role's name may be one word of 64 letters: it wraps rather than widen a phone's card */}
        <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {role.role}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('caredesk.roles.permission_count', { smart_count: role.permissions.length })}
        </Typography>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mb: 1, ml: 0 }}
          control={
            <Switch
              checked={secondFactorRequired}
              disabled={readOnly || isPending}
              onChange={(event) => setSecondFactorRequired(event.target.checked)}
              slotProps={{ input: { role: 'switch', 'aria-describedby': `${headingId}-second-factor` } }}
            />
          }
          label={
            <>
              <Typography variant="body2" component="span" sx={{ display: 'block', pt: 1 }}>
                {translate('caredesk.roles.second_factor_required')}
              </Typography>
              <Typography
                id={`${headingId}-second-factor`}
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block' }}
              >
                {translate('caredesk.roles.second_factor_description')}
              </Typography>
            </>
          }
        />
        <Grid container spacing={2}>
          {PERMISSION_GROUPS.map((group) => (
            <Grid key={group.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <FormGroup role="group" aria-label={translate(groupTitleKey(group.name))}>
                <Typography variant="subtitle2" component="h3">
                  {translate(groupTitleKey(group.name))}
                </Typography>
                {group.permissions.map((permission) => {
                  const keys = permissionKeys(permission);
                  return (
                    <FormControlLabel
                      key={permission}
                      sx={{ alignItems: 'flex-start', mt: 0.5 }}
                      control={
                        <Checkbox
                          size="small"
                          sx={{ pt: 0.25 }}
                          checked={checked.has(permission)}
                          disabled={readOnly || isPending}
                          onChange={() => toggle(permission)}
                          slotProps={{
                            input: {
                              'aria-label': translate(keys.name),
                              'aria-describedby': `${headingId}-${permission}`,
                            },
                          }}
                        />
                      }
                      label={
                        <>
                          <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                            {translate(keys.name)}
                          </Typography>
                          <Typography
                            id={`${headingId}-${permission}`}
                            variant="caption"
                            color="text.secondary"
                            title={permission}
                            sx={{ display: 'block' }}
                          >
                            {translate(keys.description)}
                          </Typography>
                        </>
                      }
                    />
                  );
                })}
              </FormGroup>
            </Grid>
          ))}
        </Grid>
      </CardContent>
      {!readOnly && (
        <CardActions>
          <Button
            variant="contained"
            size="small"
            onClick={save}
            disabled={!changed || isPending}
            startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
            aria-label={`${translate('caredesk.roles.save')} ${role.role}`}
          >
            {translate('caredesk.roles.save')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
};
