import { describe, expect, it } from "vitest";
import { authErrorMessage, GENERIC_ERROR_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from "./auth-errors";

describe("authErrorMessage", () => {
  it("says to wait on 429, whatever the body", () => {
    expect(authErrorMessage(429, null)).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(authErrorMessage(429, { code: "INVALID_EMAIL_OR_PASSWORD" })).toBe(TOO_MANY_REQUESTS_MESSAGE);
  });

  it("shows the account limit's own message, which says how long to wait", () => {
    const message = "Muitas tentativas de entrar com este e-mail. Por segurança, tente de novo em 15 minutos.";
    expect(authErrorMessage(429, { code: "TOO_MANY_SIGN_IN_ATTEMPTS", message })).toBe(message);
    expect(authErrorMessage(429, { code: "TOO_MANY_SIGN_IN_ATTEMPTS" })).toBe(TOO_MANY_REQUESTS_MESSAGE);
  });

  it("words better-auth's codes in Portuguese", () => {
    expect(authErrorMessage(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" })).toBe(
      "E-mail ou senha incorretos.",
    );
    expect(authErrorMessage(403, { code: "EMAIL_NOT_VERIFIED" })).toMatch(/^Confirme seu e-mail/);
    expect(authErrorMessage(422, { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" })).toBe("Já existe uma conta com este e-mail.");
    expect(authErrorMessage(400, { code: "PASSWORD_TOO_SHORT" })).toBe("A senha deve ter pelo menos 12 caracteres");
  });

  it("passes our own Portuguese messages through", () => {
    const message = "Senha deve conter maiúsculas, minúsculas, números e caracteres especiais";
    expect(authErrorMessage(400, { code: "WEAK_PASSWORD", message })).toBe(message);
    expect(authErrorMessage(400, { code: "INVALID_NAME", message: "Informe seu nome completo (até 120 caracteres)." })).toBe(
      "Informe seu nome completo (até 120 caracteres).",
    );
  });

  it("never shows an unknown English message", () => {
    expect(authErrorMessage(500, { code: "SOMETHING_NEW", message: "Internal details" })).toBe(GENERIC_ERROR_MESSAGE);
    expect(authErrorMessage(500, { message: "Internal details" })).toBe(GENERIC_ERROR_MESSAGE);
    expect(authErrorMessage(502, null)).toBe(GENERIC_ERROR_MESSAGE);
    expect(authErrorMessage(400, { code: "WEAK_PASSWORD" })).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("does not treat inherited object keys as codes", () => {
    expect(authErrorMessage(400, { code: "toString" })).toBe(GENERIC_ERROR_MESSAGE);
  });
});
