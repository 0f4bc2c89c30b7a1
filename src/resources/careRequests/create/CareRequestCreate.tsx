import { Card, CardContent, Step, StepLabel, Stepper } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useServices } from '../../../common/ServicesContext';
import { useIsPhone } from '../../../common/useIsPhone';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { ContactValues, MissionValues, PatientsValues } from '../../../dataProviders/careRequests/formValues';
import type { SubmitResult } from '../../../dataProviders/careRequests/intake';
import { ContactStep } from './ContactStep';
import { DEFAULT_AGENCY_WEBSITE, initialContact, initialMission, initialPatients } from './formValues';
import { MissionStep } from './MissionStep';
import { PatientsStep } from './PatientsStep';
import { refusedFieldOf, type StepIndex } from './refusedFields';
import type { ServerFieldError } from './StepEntry';
import { SubmitResultCard } from './SubmitResultCard';

const STEPS = ['mission', 'patients', 'contact'] as const;

type StepErrors = Record<StepIndex, ServerFieldError[]>;
const NO_ERRORS: StepErrors = { 0: [], 1: [], 2: [] };

/**
 * /customers/create-care-request/: the three-step stepper (Mission Details, Patient(s), Contact Information). Each step
 * advances only when its form validates; the last one POSTs the request to the intake and shows the Success or Failed card.
 * The values of all steps live here, so the Failed card's "Back to the request" returns to them intact.
 */
const CareRequestCreate = () => {
  const translate = useTranslate();
  // a phone has room for the steps' names only under their numbers
  const phone = useIsPhone();
  const { config } = useServices();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const origin = config.agencyWebsite || DEFAULT_AGENCY_WEBSITE;
  const [step, setStepState] = useState<StepIndex>(0);
  // focus moves into a step once the user has moved between steps (not when the page opens)
  const [moved, setMoved] = useState(false);
  const [serverErrors, setServerErrors] = useState<StepErrors>(NO_ERRORS);
  const [mission, setMission] = useState<MissionValues>(() => initialMission(origin));
  const [patients, setPatients] = useState<PatientsValues>(initialPatients);
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<SubmitResult | null>(null);
  // a new key per run of the stepper so that every step's form starts from its (reset) values
  const [run, setRun] = useState(0);

  const setStep = (next: StepIndex) => {
    setStepState(next);
    setMoved(true);
  };

  /** Leaving a step: the intake's errors on it were shown there and are not brought back. */
  const leave = (from: StepIndex, to: StepIndex) => {
    setServerErrors((previous) => ({ ...previous, [from]: [] }));
    setStep(to);
  };

  const submit = async (values: ContactValues) => {
    setContact(values);
    setServerErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      const { data } = await dataProvider.submitCareRequest(CARE_REQUEST_RESOURCES.incoming, {
        data: { ...mission, ...patients, ...values },
      });
      setResult(data);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setMission(initialMission(origin));
    setPatients(initialPatients());
    setContact(initialContact());
    setServerErrors(NO_ERRORS);
    setResult(null);
    setStep(0);
    setRun((previous) => previous + 1);
  };

  /** From the Failed card to the step of the first refused field (else the last step), every value as it was sent. */
  const backToRequest = () => {
    const refused = result && !result.ok ? result.fieldErrors.map(refusedFieldOf) : [];
    const errors: StepErrors = { 0: [], 1: [], 2: [] };
    for (const field of refused) {
      if (field.source === null || field.step === null) continue;
      errors[field.step].push({
        source: field.source,
        message: translate(field.reason.message, { _: field.reason.message, ...field.reason.args }),
      });
    }
    setServerErrors(errors);
    setResult(null);
    setStep(refused.find((field) => field.step !== null)?.step ?? 2);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('caredesk.care.create.title')} />
      <CardContent>
        <Stepper activeStep={result ? STEPS.length : step} alternativeLabel={phone} sx={{ mb: 3 }}>
          {STEPS.map((name) => (
            <Step key={name}>
              <StepLabel>{translate(`caredesk.care.create.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {result ? (
          <SubmitResultCard result={result} onReset={reset} onBackToRequest={backToRequest} />
        ) : step === 0 ? (
          <MissionStep
            key={`mission-${run}`}
            values={mission}
            errors={serverErrors[0]}
            focus={moved}
            onNext={(values) => {
              setMission(values);
              leave(0, 1);
            }}
          />
        ) : step === 1 ? (
          <PatientsStep
            key={`patients-${run}`}
            values={patients}
            errors={serverErrors[1]}
            focus={moved}
            onNext={(values) => {
              setPatients(values);
              leave(1, 2);
            }}
            onBack={(values) => {
              setPatients(values);
              leave(1, 0);
            }}
          />
        ) : (
          <ContactStep
            key={`contact-${run}`}
            values={contact}
            errors={serverErrors[2]}
            focus={moved}
            submitting={submitting}
            onSubmit={submit}
            onBack={(values) => {
              setContact(values);
              leave(2, 1);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
};

export default CareRequestCreate;
