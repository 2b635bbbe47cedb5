/**
 * Whether a database error carries one of these SQLSTATEs ("23505", a
 * unique violation), wherever the driver or Drizzle wrapped it (`cause`).
 */
export function hasSqlState(error: unknown, ...codes: string[]): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && codes.includes(code)) return true;
  }
  return false;
}
