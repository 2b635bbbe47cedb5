import { Column, getTableName, is, sql, type SQL } from "drizzle-orm";
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
  const outer = qualified(userId);
  return sql<string>`coalesce(
    (select nullif(btrim(person_profile.full_name), '') from ${profiles} as person_profile where person_profile.user_id = ${outer}),
    (select nullif(btrim(person_account.name), '') from ${user} as person_account where person_account.id = ${outer}),
    ${fallback}
  )`;
}

/**
 * personNameSql for a query that has the person's rows joined already: their
 * profile's full name and their account's name (each left joined on the user
 * id, at most one row of each: both tables are keyed by it), and the same
 * fallback. The same name, without two subqueries a row.
 */
export function joinedPersonNameSql(
  profileFullName: AnyPgColumn | SQL,
  accountName: AnyPgColumn | SQL,
  fallback: AnyPgColumn | SQL | string,
): SQL<string> {
  return sql<string>`coalesce(nullif(btrim(${profileFullName}), ''), nullif(btrim(${accountName}), ''), ${fallback})`;
}

/** The label a change is recorded under: the person's name when the account has one, else the e-mail. */
export function personLabel(person: { name: string; email: string }) {
  return person.name.trim() || person.email;
}

/** Whether the owner deactivated this account on /equipe (its name stays on past records). */
export function isDeactivatedSql(userId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${profiles} as deactivated_profile where deactivated_profile.user_id = ${qualified(userId)} and deactivated_profile.deactivated_at is not null)`;
}

/**
 * The outer row's column with its table's name. Drizzle writes a selected
 * column bare ("id") when the query reads one table, and inside these
 * subqueries a bare "id" would mean the subquery's own row (every account).
 */
function qualified(userId: AnyPgColumn | SQL): SQL {
  if (!is(userId, Column)) return sql`${userId}`;
  return sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;
}
