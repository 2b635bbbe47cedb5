import { InputError, type FieldErrors } from "~/lib/errors";

/** Input refused by the reviews functions, a Portuguese message per field; nothing is written. */
export class ReviewInputError extends InputError {
  override name = "ReviewInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("invalid-review-input", fieldErrors, status);
  }
}
