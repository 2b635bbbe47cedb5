/** better-auth's error codes, worded for the shop's users. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-mail ou senha incorretos.",
  INVALID_EMAIL: "Informe um e-mail válido.",
  INVALID_PASSWORD: "Senha incorreta.",
  EMAIL_NOT_VERIFIED: "Confirme seu e-mail antes de entrar. Enviamos um novo link para sua caixa de entrada.",
  USER_ALREADY_EXISTS: "Já existe uma conta com este e-mail.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Já existe uma conta com este e-mail.",
  PASSWORD_TOO_SHORT: "A senha deve ter pelo menos 12 caracteres",
  PASSWORD_TOO_LONG: "A senha deve ter no máximo 128 caracteres",
  INVALID_TOKEN: "Este link é inválido ou já foi usado. Peça um novo.",
  TOKEN_EXPIRED: "Este link expirou. Peça um novo.",
  USER_NOT_FOUND: "Conta não encontrada.",
  FAILED_TO_CREATE_USER: "Não foi possível criar a conta. Tente novamente.",
  FAILED_TO_CREATE_SESSION: "Não foi possível iniciar a sessão. Tente novamente.",
  INVALID_ORIGIN: "Requisição recusada por segurança. Recarregue a página e tente de novo.",
  MISSING_OR_NULL_ORIGIN: "Requisição recusada por segurança. Recarregue a página e tente de novo.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "Requisição recusada por segurança. Recarregue a página e tente de novo.",
  VALIDATION_ERROR: "Confira os dados informados.",
  MISSING_FIELD: "Preencha todos os campos obrigatórios.",
};

export const TOO_MANY_REQUESTS_MESSAGE = "Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.";
export const NETWORK_ERROR_MESSAGE = "Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.";
export const GENERIC_ERROR_MESSAGE = "Algo deu errado. Tente novamente em instantes.";

/** Codes of our own hooks (auth.server.ts), whose messages are already Portuguese. */
const OWN_CODES = new Set([
  "WEAK_PASSWORD",
  "INVALID_NAME",
  "INVALID_CHARACTER",
  "INVALID_RETURN_ADDRESS",
  "INVALID_IMAGE",
  "TOO_MANY_SIGN_IN_ATTEMPTS",
  "ACCOUNT_DEACTIVATED",
]);

/**
 * Our own server messages (password policy, name, the per-account sign-in
 * limit, a deactivated account) are already Portuguese and arrive with codes not listed above;
 * anything else unknown gets the generic text.
 */
export function authErrorMessage(status: number, body: { code?: string; message?: string } | null): string {
  const code = body?.code;
  const ownMessage = code && OWN_CODES.has(code) ? body?.message : undefined;
  if (status === 429) return ownMessage ?? TOO_MANY_REQUESTS_MESSAGE;
  const known = code && Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  if (known) return known;
  return ownMessage ?? GENERIC_ERROR_MESSAGE;
}
