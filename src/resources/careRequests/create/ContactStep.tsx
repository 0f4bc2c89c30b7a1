import { Box, Stack } from '@mui/material';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ACADEMIC_TITLES, CONTACT_TITLES } from '../parts/enumerations';
import type { ContactValues } from '../../../dataProviders/careRequests/formValues';
import { StepButtons } from './StepButtons';
import { StepEntry, type ServerFieldError } from './StepEntry';
import { emailValidators, nameValidators, notesValidators, phoneValidators, requiredField } from './validators';

const label = (name: string) => `caredesk.care.create.fields.${name}`;

/** Step 3 Contact Information: title, academic title, names, phone, e-mail (required and valid), optional notes; submits. */
export const ContactStep = ({
  values,
  errors,
  focus,
  submitting,
  onSubmit,
  onBack,
}: {
  values: ContactValues;
  errors: ServerFieldError[];
  focus: boolean;
  submitting: boolean;
  onSubmit: (values: ContactValues) => void;
  onBack: (values: ContactValues) => void;
}) => {
  const translate = useTranslate();
  const choices = (values: readonly string[], enumName: string) =>
    values.map((value, code) => ({ id: code, name: translate(`caredesk.care.enums.${enumName}.${value}`) }));
  return (
    <Form defaultValues={values} onSubmit={(submitted: object) => onSubmit(submitted as unknown as ContactValues)}>
      <StepEntry errors={errors} focus={focus} />
      <Stack sx={{ maxWidth: 560 }}>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <SelectInput
            source="title"
            label={label('title')}
            choices={choices(CONTACT_TITLES, 'contact_title')}
            validate={requiredField}
            translateChoice={false}
            sx={{ flex: 1 }}
          />
          <SelectInput
            source="academicTitle"
            label={label('academicTitle')}
            choices={choices(ACADEMIC_TITLES, 'academic_title')}
            validate={requiredField}
            translateChoice={false}
            sx={{ flex: 1 }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextInput source="firstName" label={label('firstName')} validate={nameValidators} sx={{ flex: 1 }} />
          <TextInput source="lastName" label={label('lastName')} validate={nameValidators} sx={{ flex: 1 }} />
        </Box>
        <TextInput source="phone" label={label('phone')} validate={phoneValidators} type="tel" />
        <TextInput
          source="email"
          label={label('email')}
          validate={emailValidators}
          slotProps={{ htmlInput: { inputMode: 'email' } }}
        />
        <TextInput source="notes" label={label('notes')} validate={notesValidators} multiline minRows={3} />
      </Stack>
      <StepButtons last loading={submitting} onBack={(current) => onBack(current as unknown as ContactValues)} />
    </Form>
  );
};
