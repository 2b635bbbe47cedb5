import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";

/** A warranty or claim the form or the record's state refuses, with its Portuguese message per field. */
export class WarrantyInputError extends InputError {
  override name = "WarrantyInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("warranty-refused", fieldErrors, status);
  }
}

export class WarrantyNotFoundError extends NotFoundError {
  override name = "WarrantyNotFoundError";
}
