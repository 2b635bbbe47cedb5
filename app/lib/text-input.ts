/**
 * PostgreSQL refuses the NUL character in text. A form field carrying one
 * gets this message instead of failing the insert (a 500).
 */
export const NUL_MESSAGE = "Este campo tem um caractere inválido.";

export function hasNoNul(value: string) {
  return !value.includes("\u0000");
}
