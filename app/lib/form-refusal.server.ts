import { data } from "react-router";
import { ForbiddenError, InputError, NotFoundError, type FieldErrors } from "./errors";

/**
 * The one way an action answers a refusal. A module's InputError becomes its
 * field messages, next to `extra` (what was typed, shown again), with the
 * error's status; NotFoundError is the 404 page and ForbiddenError the 403
 * page. Anything else is a fault, not a refusal, and goes up.
 */
export function formRefusal<Extra extends object>(error: unknown, extra: Extra) {
  if (error instanceof InputError) return data({ ...extra, errors: error.fieldErrors }, { status: error.status });
  if (error instanceof NotFoundError) throw data(null, { status: 404 });
  if (error instanceof ForbiddenError) throw data({ reason: "staff-only" }, { status: 403 });
  throw error;
}

/** What a post that is not a form at all is told. */
export const FORM_EXPECTED = "Envie o formulário desta página.";

/** A post the page cannot read at all (no form, an unknown intent): one message for the whole form. */
export function formProblem<Extra extends object>(extra: Extra, message = FORM_EXPECTED, status = 400) {
  return data({ ...extra, errors: { form: message } as FieldErrors }, { status });
}
