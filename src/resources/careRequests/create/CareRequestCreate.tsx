import { Card, CardContent, Step, StepLabel, Stepper } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useServices } from '../../../auth/ServicesContext';
import { submitCareRequest, type SubmitResult } from '../../../dataProviders/intake';
import { ContactStep } from './ContactStep';
import {
  type ContactValues,
  DEFAULT_AGENCY_WEBSITE,
  initialContact,
  initialMission,
  initialPatients,
  type MissionValues,
  type PatientsValues,
} from './formValues';
import { MissionStep } from './MissionStep';
import { PatientsStep } from './PatientsStep';
import { SubmitResultCard } from './SubmitResultCard';

const STEPS = ['mission', 'patients', 'contact'] as const;

/**
 * /customers/create-care-request/: the three-step stepper (Mission Details, Patient(s), Contact Information). Each step
 * advances only when its form validates; the last one POSTs the request to the intake and shows the Success or Failed card.
 */
const CareRequestCreate = () => {
  const translate = useTranslate();
  const { config } = useServices();
  const origin = config.agencyWebsite || DEFAULT_AGENCY_WEBSITE;
  const [step, setStep] = useState(0);
  const [mission, setMission] = useState<MissionValues>(() => initialMission(origin));
  const [patients, setPatients] = useState<PatientsValues>(initialPatients);
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<SubmitResult | null>(null);
  // a new key per run of the stepper so that every step's form starts from its (reset) values
  const [run, setRun] = useState(0);

  const submit = async (values: ContactValues) => {
    setContact(values);
    setSubmitting(true);
    try {
      setResult(await submitCareRequest(config.intakeUrl, { ...mission, ...patients, ...values }));
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setMission(initialMission(origin));
    setPatients(initialPatients());
    setContact(initialContact());
    setResult(null);
    setStep(0);
    setRun((previous) => previous + 1);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('caredesk.care.create.title')} />
      <CardContent>
        <Stepper activeStep={result ? STEPS.length : step} sx={{ mb: 3 }}>
          {STEPS.map((name) => (
            <Step key={name}>
              <StepLabel>{translate(`caredesk.care.create.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {result ? (
          <SubmitResultCard result={result} onReset={reset} />
        ) : step === 0 ? (
          <MissionStep
            key={`mission-${run}`}
            values={mission}
            onNext={(values) => {
              setMission(values);
              setStep(1);
            }}
          />
        ) : step === 1 ? (
          <PatientsStep
            key={`patients-${run}`}
            values={patients}
            onNext={(values) => {
              setPatients(values);
              setStep(2);
            }}
            onBack={(values) => {
              setPatients(values);
              setStep(0);
            }}
          />
        ) : (
          <ContactStep
            key={`contact-${run}`}
            values={contact}
            submitting={submitting}
            onSubmit={submit}
            onBack={(values) => {
              setContact(values);
              setStep(1);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
};

export default CareRequestCreate;
