import { localPath } from "~/lib/safe-redirect";
import { NUL_MESSAGE } from "~/lib/text-input";

/**
 * What the auth library's endpoints take from a request, checked before it
 * runs (hooks.before in auth.server.ts): the library's own origin check lets
 * "/.//evil.example" through as a relative path and then redirects to it, and
 * it passes a name of any length, or a NUL PostgreSQL refuses, straight to
 * the database. Pure, so the rules are unit-tested.
 */

/** Every field through which the library may later redirect the browser. */
const RETURN_ADDRESS_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_NAME_MESSAGE = `Informe seu nome completo (até ${NAME_MAX_LENGTH} caracteres).`;
const INVALID_RETURN_ADDRESS_MESSAGE = "Endereço de retorno inválido. Volte ao site e tente de novo.";
const INVALID_EMAIL_MESSAGE = "Informe um e-mail válido.";
const INVALID_IMAGE_MESSAGE = "Foto de perfil não é aceita.";

export type AuthInputProblem = { code: string; message: string };

/** "Informe seu nome…" unless a name is text with something besides blanks, at most NAME_MAX_LENGTH long. */
export function personNameProblem(name: unknown): AuthInputProblem | null {
  if (typeof name === "string" && name.trim().length > 0 && name.length <= NAME_MAX_LENGTH && !name.includes("\u0000"))
    return null;
  return { code: "INVALID_NAME", message: INVALID_NAME_MESSAGE };
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 5 || !value || typeof value !== "object") return false;
  return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || containsNul(inner, depth + 1));
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object";

/**
 * The first problem with a request to the auth library, or null. `body` and
 * `query` are as the library parsed them (JSON or a form alike); a field is
 * judged when present, so every endpoint that takes it gets the same rule.
 */
export function authInputProblem(path: string, query: unknown, body: unknown): AuthInputProblem | null {
  if (containsNul(query) || containsNul(body)) return { code: "INVALID_CHARACTER", message: NUL_MESSAGE };
  for (const source of [query, body]) {
    if (!isObject(source)) continue;
    for (const field of RETURN_ADDRESS_FIELDS) {
      if (!Object.hasOwn(source, field) || source[field] === undefined || source[field] === "") continue;
      if (localPath(source[field]) === null) return { code: "INVALID_RETURN_ADDRESS", message: INVALID_RETURN_ADDRESS_MESSAGE };
    }
  }
  if (path === "/sign-up/email" && !(isObject(body) && Object.hasOwn(body, "name"))) return personNameProblem(undefined);
  if (!isObject(body)) return null;
  if (Object.hasOwn(body, "name")) {
    const problem = personNameProblem(body.name);
    if (problem) return problem;
  }
  for (const field of ["email", "newEmail"]) {
    if (!Object.hasOwn(body, field)) continue;
    const email = body[field];
    if (typeof email !== "string" || email.length > EMAIL_MAX_LENGTH)
      return { code: "INVALID_EMAIL", message: INVALID_EMAIL_MESSAGE };
  }
  // Accounts have no photo here: an address of any length would only grow every page that shows the account.
  if (Object.hasOwn(body, "image") && body.image !== null && body.image !== undefined && body.image !== "")
    return { code: "INVALID_IMAGE", message: INVALID_IMAGE_MESSAGE };
  return null;
}
