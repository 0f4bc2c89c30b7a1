import { Type } from '@sinclair/typebox';

/** The intake's answers; the form it takes is IntakeForm in form.ts, whose rules the panel's stepper shares. */

export const Accepted = Type.Object({
  uid: Type.String({ description: 'the uid of the incoming request and of its archived copy' }),
  submitted: Type.Integer({ description: 'epoch seconds' }),
});

const FieldProblem = Type.Object({
  field: Type.String({ description: 'the form field, by its German name' }),
  detail: Type.String(),
});

/** The problem of a refused submission: `errors` names every offending field. */
export const ValidationProblem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    field: Type.Optional(Type.String({ description: 'the first offending field' })),
    errors: Type.Optional(Type.Array(FieldProblem, { description: 'every offending field' })),
  },
  { description: 'RFC 9457 problem details; a refused submission names every offending field in errors' },
);
