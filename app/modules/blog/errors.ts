import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";

/** A post the editor refused: a Portuguese message per field. */
export class BlogInputError extends InputError {
  override name = "BlogInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("invalid-blog-post", fieldErrors, status);
  }
}

export class PostNotFoundError extends NotFoundError {
  override name = "PostNotFoundError";
  constructor(id: number) {
    super(`Post ${id} não encontrado`);
  }
}
