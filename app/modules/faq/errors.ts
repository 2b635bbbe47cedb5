import { InputError, type FieldErrors } from "~/lib/errors";

/** Input refused by the FAQ and site-text functions, a Portuguese message per field; nothing is written. */
export class FaqInputError extends InputError {
  override name = "FaqInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("invalid-faq-input", fieldErrors, status);
  }
}
