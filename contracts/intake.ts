import { Type } from '@sinclair/typebox';

/** The intake's answers; the form it takes is IntakeForm in form.ts, whose rules the panel's stepper shares. */

export const Accepted = Type.Object({ uid: Type.String(), submitted: Type.Integer({ description: 'epoch seconds' }) });

const FieldProblem = Type.Object({ field: Type.String(), detail: Type.String() });

/** The problem of a refused submission: `errors` names every offending field. */
export const ValidationProblem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  field: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldProblem)),
});
