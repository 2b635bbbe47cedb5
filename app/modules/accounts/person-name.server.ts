import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";

/**
 * How a person (a staff member on a timeline, a technician, an account) is
 * shown: the name on their profile, else the account's name. Resolved when
 * read, from the user id a record keeps, so a renamed person shows the current
 * name everywhere, and a deactivated one (profiles.deactivated_at: the rows
 * stay) keeps it on past records. `fallback` is what shows when there is no
 * id or the account is gone: the record's own label ("Cliente (consulta
 * online)", a name or an e-mail stored at the time), or the account's e-mail.
 */
export function personNameSql(userId: AnyPgColumn | SQL, fallback: AnyPgColumn | SQL | string): SQL<string> {
  // Aliased, so `userId` still means the outer row's column when the outer query reads "user" itself.
  return sql<string>`coalesce(
    (select nullif(btrim(person_profile.full_name), '') from ${profiles} as person_profile where person_profile.user_id = ${userId}),
    (select nullif(btrim(person_account.name), '') from ${user} as person_account where person_account.id = ${userId}),
    ${fallback}
  )`;
}

/** The label a change is recorded under: the person's name when the account has one, else the e-mail. */
export function personLabel(person: { name: string; email: string }) {
  return person.name.trim() || person.email;
}
