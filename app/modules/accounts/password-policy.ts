/** Spec §5, checked in the browser and again on the server (sign-up, reset, change). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: "A senha deve ter pelo menos 12 caracteres",
  tooLong: "A senha deve ter no máximo 128 caracteres",
  missingClasses: "Senha deve conter maiúsculas, minúsculas, números e caracteres especiais",
} as const;

/** The first rule the password breaks, or null when it is acceptable. Any character is allowed. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if ([...password].length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const hasEveryClass =
    /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\d/.test(password) && /[!@#$%^&*]/.test(password);
  return hasEveryClass ? null : PASSWORD_MESSAGES.missingClasses;
}
