import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Button } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import type { PatientsValues } from '../../../dataProviders/careRequests/formValues';
import { emptyPatient } from './formValues';
import { PatientFields } from './PatientFields';
import { StepButtons } from './StepButtons';
import { StepEntry, type ServerFieldError } from './StepEntry';

/** The patients of the step's form: the first always, a second one that can be added and removed again. */
const PatientList = () => {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray<PatientsValues>({ name: 'patients' });
  return (
    <>
      {fields.map((field, index) => (
        <PatientFields
          key={field.id}
          index={index}
          action={
            index === 1 ? (
              <Button color="error" size="small" startIcon={<PersonRemoveIcon />} onClick={() => remove(1)}>
                {translate('caredesk.care.create.remove_patient')}
              </Button>
            ) : undefined
          }
        />
      ))}
      {fields.length < 2 && (
        <Button startIcon={<PersonAddIcon />} onClick={() => append(emptyPatient())}>
          {translate('caredesk.care.create.add_patient')}
        </Button>
      )}
    </>
  );
};

/** Step 2 Patient(s): one or two patients, every field required. */
export const PatientsStep = ({
  values,
  errors,
  focus,
  onNext,
  onBack,
}: {
  values: PatientsValues;
  errors: ServerFieldError[];
  focus: boolean;
  onNext: (values: PatientsValues) => void;
  onBack: (values: PatientsValues) => void;
}) => (
  <Form
    defaultValues={values}
    onSubmit={(submitted: object) =>
      onNext({ patients: (submitted as unknown as PatientsValues).patients.slice(0, 2) })
    }
  >
    <StepEntry errors={errors} focus={focus} />
    <PatientList />
    <StepButtons onBack={(current) => onBack(current as unknown as PatientsValues)} />
  </Form>
);
