import { ForbiddenError } from "~/lib/errors";

export const ROLES = ["owner", "staff", "customer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** An unknown or missing role is a customer's: staff access is never the default. */
export function roleOf(value: unknown): Role {
  return isRole(value) ? value : "customer";
}

export function isStaffRole(role: Role) {
  return role === "owner" || role === "staff";
}

/**
 * Finance (accounts, entries, the month result, salaries): the owner, and
 * staff the owner granted "Financeiro" on /equipe. Never a customer.
 */
export function canSeeFinance(person: { role: Role; financeAccess?: boolean }) {
  return person.role === "owner" || (person.role === "staff" && person.financeAccess === true);
}

export const FINANCE_GRANT_LABEL = "Financeiro";

/** The roles of the shop's team (/equipe): a customer is not one, and leaving the team is a deactivation. */
export const TEAM_ROLES = ["staff", "owner"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Proprietário", staff: "Equipe", customer: "Cliente" };

/** Who performs a change: a signed-in person, or the public (a customer on /consultar). */
export type Actor = { userId: string | null; label: string; role: Role | "public" };

/**
 * Staff server functions check the actor themselves as well as sitting behind
 * the _staff guard: a route added in the wrong place still cannot reach them.
 */
export function assertStaffActor(actor: Actor) {
  if (actor.role === "public" || !isStaffRole(actor.role)) throw new ForbiddenError("Área restrita à equipe");
}

/**
 * Owner-only server functions (settings, team, demo data) check the actor as
 * well as sitting behind the _owner guard; `message` says what was refused.
 */
export function assertOwnerActor(actor: Actor, message = "Área restrita ao proprietário") {
  if (actor.role !== "owner") throw new ForbiddenError(message);
}
