/**
 * The typed refusals every module's errors extend, so an action answers
 * them all one way (app/lib/form-refusal.server.ts).
 */

/** The first message of each form field, keyed "field" or "lines.0.description"; "form" for the whole form. */
export type FieldErrors = Record<string, string>;

/**
 * Input a module refused, with a Portuguese message per field for the form.
 * Module errors extend it (`ServiceOrderInputError`, `CustomerInputError`);
 * an action turns any of them into field messages with `formRefusal`
 * (app/lib/form-refusal.server.ts).
 * `status` is the HTTP answer: 400 for what the form sent, 409 for what the
 * record's current state refuses (someone else changed it first).
 */
export class InputError extends Error {
  override name = "InputError";
  constructor(
    readonly code: string,
    readonly fieldErrors: FieldErrors,
    readonly status: 400 | 409 | 429 = 400,
  ) {
    super(Object.values(fieldErrors).join(" "));
  }
}

/** A record the request names does not exist (or is not the caller's to see): the page answers 404. */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/** The caller's role does not allow this: the page answers 403. */
export class ForbiddenError extends Error {
  override name = "ForbiddenError";
}
