import { Type } from '@sinclair/typebox';

/** Every error body: the message to show, plus per-field messages for form validation. */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
