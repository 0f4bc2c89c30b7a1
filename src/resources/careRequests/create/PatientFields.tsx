import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { ABILITIES, CARE_LEVELS, GENDERS, MOBILITIES, NIGHT_SHIFT_BY_CODE } from '../parts/enumerations';
import { requiredField } from './validators';

const label = (name: string) => `caredesk.care.create.fields.${name}`;

/** One patient's seven required selects (form codes as values), under "patients.{index}". */
export const PatientFields = ({ index, action }: { index: number; action?: ReactNode }) => {
  const translate = useTranslate();
  const source = (name: string) => `patients.${index}.${name}`;
  const choices = (values: readonly string[], enumName: string, offset = 0) =>
    values.map((value, code) => ({ id: code + offset, name: translate(`caredesk.care.enums.${enumName}.${value}`) }));
  const select = (name: string, options: Array<{ id: number; name: string }>) => (
    <SelectInput
      source={source(name)}
      label={label(name)}
      choices={options}
      validate={requiredField}
      translateChoice={false}
    />
  );
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
      data-patient={index}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="legend" variant="subtitle1">
          {translate('caredesk.care.common.patient_n', { n: index + 1 })}
        </Typography>
        {action}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 2 }}>
        {select('gender', choices(GENDERS, 'gender'))}
        {select(
          'careLevel',
          CARE_LEVELS.map((level) => ({
            id: level,
            name: translate('caredesk.care.create.care_level_n', { n: level }),
          })),
        )}
        {select('mobility', choices(MOBILITIES, 'mobility', 1))}
        {select('canHear', choices(ABILITIES, 'ability'))}
        {select('canTalk', choices(ABILITIES, 'ability'))}
        {select('canSee', choices(ABILITIES, 'ability'))}
        {select('nightShift', choices(NIGHT_SHIFT_BY_CODE, 'night_shift'))}
      </Box>
    </Box>
  );
};
