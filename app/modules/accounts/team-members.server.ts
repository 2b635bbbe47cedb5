import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { ForbiddenError, InputError, NotFoundError } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { endSessionsInTx } from "./deactivation.server";
import { assertNotLastActiveOwner, lockActiveOwnersInTx } from "./last-owner.server";
import { assertOwnerActor, ROLE_LABELS, TEAM_ROLES, type Actor, type TeamRole } from "./roles";
import { listOpenStaffInvites, type OpenStaffInvite } from "./staff-invites.server";
import { TeamRoleSchema } from "./team-validation";

export type TeamMember = {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  roleLabel: string;
  isActive: boolean;
  deactivatedAt: Date | null;
  joinedAt: Date;
  /** Granted "Financeiro" by the owner (an owner sees finance anyway). */
  financeAccess: boolean;
  /** The owner looking at the list: their own row offers no deactivation. */
  isYou: boolean;
};

/** A change the member's current state refuses ("already deactivated"). */
export class TeamMemberError extends InputError {
  override name = "TeamMemberError";
  constructor(message: string) {
    super("team-member-refused", { form: message }, 409);
  }
}

/** The name the person gave (profile, then account); the e-mail only when there is none. */
function memberName(row: { fullName: string | null; accountName: string; email: string }) {
  return row.fullName?.trim() || row.accountName.trim() || row.email;
}

const isTeamRole = (role: string | null): role is TeamRole => (TEAM_ROLES as readonly (string | null)[]).includes(role);

/** Staff and owners (active first, owners before staff, by name), and the invites still open. */
export async function listTeam(actor: Actor): Promise<{ members: TeamMember[]; invites: OpenStaffInvite[] }> {
  assertOwnerActor(actor);
  const db = await getDb();
  const rows = await db
    .select({
      userId: user.id,
      accountName: user.name,
      fullName: profiles.fullName,
      email: user.email,
      role: user.role,
      deactivatedAt: profiles.deactivatedAt,
      financeAccess: profiles.financeAccess,
      joinedAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(inArray(user.role, [...TEAM_ROLES]))
    .orderBy(sql`${profiles.deactivatedAt} is not null`, desc(sql`${user.role} = 'owner'`), asc(user.name), asc(user.id));
  const members = rows.flatMap((row): TeamMember[] => {
    if (!isTeamRole(row.role)) return [];
    return [
      {
        userId: row.userId,
        name: memberName(row),
        email: row.email,
        role: row.role,
        roleLabel: ROLE_LABELS[row.role],
        isActive: row.deactivatedAt === null,
        deactivatedAt: row.deactivatedAt,
        financeAccess: row.financeAccess === true,
        joinedAt: row.joinedAt,
        isYou: row.userId === actor.userId,
      },
    ];
  });
  return { members, invites: await listOpenStaffInvites(db) };
}

/**
 * Starts every change to a member: takes the owners' lock (last-owner.server.ts)
 * and checks the actor is still an active owner there, whatever their session
 * said when the request began (another owner may have just demoted them).
 */
async function startMemberChange(tx: Transaction, actor: Actor, userId: unknown) {
  const activeOwnerIds = await lockActiveOwnersInTx(tx);
  if (!actor.userId || !activeOwnerIds.includes(actor.userId))
    throw new ForbiddenError("Sua conta não é mais de proprietário ativo");
  if (typeof userId !== "string" || userId.length === 0 || userId.length > 64 || userId.includes("\u0000"))
    throw new NotFoundError("Membro da equipe não encontrado");
  const [member] = await tx
    .select({
      id: user.id,
      role: user.role,
      email: user.email,
      accountName: user.name,
      fullName: profiles.fullName,
      deactivatedAt: profiles.deactivatedAt,
      financeAccess: profiles.financeAccess,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(and(eq(user.id, userId), inArray(user.role, [...TEAM_ROLES])))
    .for("update", { of: user });
  if (!member || !isTeamRole(member.role)) throw new NotFoundError("Membro da equipe não encontrado");
  return { activeOwnerIds, member: { ...member, role: member.role, name: memberName(member) } };
}

function auditMemberChange(tx: Transaction, actor: Actor, userId: string, action: string, details?: Record<string, unknown>) {
  return recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action,
    entity: "user",
    entityId: userId,
    details,
  });
}

/** Staff ↔ owner. The open sessions follow at their next request (the role is read with the session). */
export async function changeTeamMemberRole(actor: Actor, userId: unknown, input: unknown) {
  assertOwnerActor(actor);
  const { role } = parseInput(TeamRoleSchema, input);
  return inTransaction(async (tx) => {
    const { activeOwnerIds, member } = await startMemberChange(tx, actor, userId);
    if (member.role === role) throw new TeamMemberError(`Esta pessoa já tem esta função (${ROLE_LABELS[role]}).`);
    if (role !== "owner") assertNotLastActiveOwner(activeOwnerIds, member.id, "demote");
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, member.id));
    await auditMemberChange(tx, actor, member.id, "user.role.set", { from: member.role, to: role });
    return { userId: member.id, name: member.name, role, roleLabel: ROLE_LABELS[role] };
  });
}

/**
 * The person can no longer sign in and every session of theirs ends now; the
 * account stays, so their name stays on the orders and records they made.
 */
export async function deactivateTeamMember(actor: Actor, userId: unknown) {
  assertOwnerActor(actor);
  return inTransaction(async (tx) => {
    const { activeOwnerIds, member } = await startMemberChange(tx, actor, userId);
    if (member.deactivatedAt) throw new TeamMemberError("Esta conta já está desativada.");
    assertNotLastActiveOwner(activeOwnerIds, member.id, "deactivate");
    const now = new Date();
    await tx
      .insert(profiles)
      .values({ userId: member.id, email: member.email, fullName: member.name, deactivatedAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { deactivatedAt: now } });
    await endSessionsInTx(tx, member.id);
    await auditMemberChange(tx, actor, member.id, "user.deactivate");
    return { userId: member.id, name: member.name };
  });
}

export async function reactivateTeamMember(actor: Actor, userId: unknown) {
  assertOwnerActor(actor);
  return inTransaction(async (tx) => {
    const { member } = await startMemberChange(tx, actor, userId);
    if (!member.deactivatedAt) throw new TeamMemberError("Esta conta já está ativa.");
    await tx.update(profiles).set({ deactivatedAt: null }).where(eq(profiles.userId, member.id));
    await auditMemberChange(tx, actor, member.id, "user.reactivate");
    return { userId: member.id, name: member.name };
  });
}

/**
 * Grants or withdraws "Financeiro" (finance pages, the month result, salaries)
 * for a staff member; an owner sees finance anyway. Audited. Open sessions
 * follow at their next request (the grant is read with the session).
 */
export async function setTeamMemberFinanceAccess(actor: Actor, userId: unknown, input: unknown) {
  assertOwnerActor(actor);
  const grant = input === true || input === "on" || input === "true" || input === "1";
  const withdraw = input === false || input === "off" || input === "false" || input === "0";
  if (!grant && !withdraw)
    throw new InputError("finance-access-invalid", { form: "Diga se a pessoa terá ou não acesso ao financeiro." });
  return inTransaction(async (tx) => {
    const { member } = await startMemberChange(tx, actor, userId);
    if (member.role === "owner")
      throw new TeamMemberError("Proprietários já veem o financeiro: não há o que liberar ou retirar.");
    if (member.deactivatedAt) throw new TeamMemberError("Esta conta está desativada: reative-a antes de mudar o acesso.");
    if (member.financeAccess === grant)
      throw new TeamMemberError(
        grant ? "Esta pessoa já tem acesso ao financeiro." : "Esta pessoa já não tem acesso ao financeiro.",
      );
    await tx
      .insert(profiles)
      .values({ userId: member.id, email: member.email, fullName: member.name, financeAccess: grant })
      .onConflictDoUpdate({ target: profiles.userId, set: { financeAccess: grant } });
    await auditMemberChange(tx, actor, member.id, grant ? "user.finance.grant" : "user.finance.revoke", {
      from: member.financeAccess === true,
      to: grant,
    });
    return { userId: member.id, name: member.name, financeAccess: grant };
  });
}
