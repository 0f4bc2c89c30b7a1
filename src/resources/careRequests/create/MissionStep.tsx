import {
  BooleanInput,
  Form,
  FormDataConsumer,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { Box, Stack } from '@mui/material';
import { DayInput } from '../../../common/dates/DayInput';
import type { MissionValues } from '../../../dataProviders/careRequests/formValues';
import { StepButtons } from './StepButtons';
import { StepEntry, type ServerFieldError } from './StepEntry';
import {
  cityValidators,
  originValidators,
  requiredField,
  startDateValidator,
  todayIso,
  zipCodeValidators,
} from './validators';
import { REFERRALS } from '../parts/enumerations';

const fieldLabel = (name: string) => `caredesk.care.create.fields.${name}`;

/** Step 1 Mission Details: origin, zip code, city, mission begin (and start date), household flags, referral. */
export const MissionStep = ({
  values,
  errors,
  focus,
  onNext,
}: {
  values: MissionValues;
  errors: ServerFieldError[];
  focus: boolean;
  onNext: (values: MissionValues) => void;
}) => {
  const translate = useTranslate();
  const missionBegins = [
    { id: '0', name: 'caredesk.care.create.mission_begins.asap' },
    { id: '1', name: 'caredesk.care.create.mission_begins.date' },
    { id: '2', name: 'caredesk.care.create.mission_begins.other' },
  ];
  const referrals = REFERRALS.map((value, code) => ({
    id: code,
    name: translate(`caredesk.care.enums.referral.${value}`),
  }));
  return (
    <Form defaultValues={values} onSubmit={(submitted: object) => onNext(submitted as unknown as MissionValues)}>
      <StepEntry errors={errors} focus={focus} />
      <Stack sx={{ maxWidth: 560 }}>
        <TextInput source="origin" label={fieldLabel('origin')} validate={originValidators} />
        {/* side by side while both labels fit ("Postleitzahl" too), one under the other on a narrow phone */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <TextInput
            source="zipCode"
            label={fieldLabel('zipCode')}
            validate={zipCodeValidators}
            sx={{ flex: '1 1 150px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextInput source="city" label={fieldLabel('city')} validate={cityValidators} sx={{ flex: '2 1 180px' }} />
        </Box>
        <RadioButtonGroupInput
          source="missionBegins"
          label={fieldLabel('missionBegins')}
          choices={missionBegins}
          validate={requiredField}
          format={(value: MissionValues['missionBegins'] | undefined) =>
            value === null || value === undefined ? '' : String(value)
          }
        />
        <FormDataConsumer<MissionValues>>
          {({ formData }) =>
            String(formData.missionBegins) === '1' ? (
              <DayInput
                source="startDate"
                label={fieldLabel('startDate')}
                validate={startDateValidator}
                min={todayIso()}
              />
            ) : null
          }
        </FormDataConsumer>
        <BooleanInput source="otherPersonsPresent" label={fieldLabel('otherPersonsPresent')} />
        <BooleanInput source="groceryShopping" label={fieldLabel('groceryShopping')} />
        <BooleanInput source="newsletter" label={fieldLabel('newsletter')} />
        <SelectInput
          source="referral"
          label={fieldLabel('referral')}
          choices={referrals}
          emptyText="caredesk.care.create.no_referral"
          translateChoice={false}
        />
      </Stack>
      <StepButtons />
    </Form>
  );
};
