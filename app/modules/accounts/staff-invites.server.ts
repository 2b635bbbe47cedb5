import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { hasSqlState } from "~/db/sql-state";
import { profiles, staffInvites } from "~/db/schema/accounts";
import { account, user } from "~/db/schema/auth";
import { getEnv } from "~/lib/env.server";
import { InputError, NotFoundError } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { sendStaffInviteEmail } from "./account-emails.server";
import { getAuth } from "./auth.server";
import { personNameSql } from "./person-name.server";
import { ensureProfileInTx } from "./profiles.server";
import { assertOwnerActor, ROLE_LABELS, type Actor, type TeamRole } from "./roles";
import { AcceptInviteSchema, StaffInviteSchema, TEAM_LIMITS, type AcceptInviteInput } from "./team-validation";

/** The rule: an invitation link works once, for 7 days. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export const INVITE_PATH = "/auth/convite";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A refusal of the whole form: the invite cannot be sent, resent, cancelled or used. */
export class StaffInviteError extends InputError {
  override name = "StaffInviteError";
  constructor(message: string) {
    super("staff-invite-refused", { form: message }, 409);
  }
}

const MESSAGES = {
  unknown: "Este link de convite é inválido. Confira se o endereço foi copiado inteiro, ou peça um novo convite.",
  expired: "Este convite expirou: os convites valem 7 dias. Peça ao proprietário da loja que envie um novo.",
  used: "Este convite já foi usado. Se a conta é sua, entre com seu e-mail e senha.",
  revoked: "Este convite foi cancelado pelo proprietário da loja.",
  notPending: "Este convite não está mais pendente: ele já foi usado ou cancelado.",
  hasAccount: "Já existe uma conta com este e-mail. Entre com ela, ou fale com o proprietário da loja.",
} as const;

export type StaffInviteStatus = "valid" | "expired" | "used" | "revoked" | "unknown";

/** What the invite page shows for a link: its state, and the e-mail and role while it can be used. */
export type StaffInviteLookup =
  | { status: "valid"; email: string; role: TeamRole; roleLabel: string }
  | { status: Exclude<StaffInviteStatus, "valid">; message: string };

type InviteRow = typeof staffInvites.$inferSelect;

function statusOf(invite: InviteRow, now = new Date()): Exclude<StaffInviteStatus, "unknown"> {
  if (invite.revokedAt) return "revoked";
  if (invite.usedAt) return "used";
  return invite.expiresAt.getTime() <= now.getTime() ? "expired" : "valid";
}

function teamRole(role: string): TeamRole {
  return role === "owner" ? "owner" : "staff";
}

function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_LIFETIME_MS) };
}

/** The account that already uses this e-mail, if any (e-mails compared in lower case, as better-auth stores them). */
async function findAccountByEmail(tx: Transaction, email: string) {
  const [row] = await tx
    .select({ id: user.id, role: user.role, deactivatedAt: profiles.deactivatedAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email));
  return row;
}

async function sendInvite(email: string, role: TeamRole, token: string) {
  const url = `${getEnv().PUBLIC_URL}${INVITE_PATH}?token=${token}`;
  try {
    await sendStaffInviteEmail(email, url, ROLE_LABELS[role]);
    return true;
  } catch (err) {
    // The invite is kept: the owner is told, and "Reenviar" tries again with a fresh link.
    logger.error({ err }, "e-mail de convite não enviado");
    return false;
  }
}

function existingAccountMessage(existing: { role: string | null; deactivatedAt: Date | null }) {
  if (existing.role !== "owner" && existing.role !== "staff")
    return "Já existe uma conta de cliente com este e-mail. Convide a pessoa por outro e-mail para a conta da equipe.";
  return existing.deactivatedAt
    ? "Esta pessoa já tem conta na equipe, desativada: reative-a na lista da equipe."
    : "Esta pessoa já faz parte da equipe: mude a função dela na lista da equipe.";
}

export type SentInvite = { inviteId: number; email: string; emailSent: boolean };

/**
 * The owner invites someone by e-mail. An e-mail that already has an account
 * is refused here rather than turned into staff: a customer's account stays
 * the customer's (its password was never meant for the back office), and
 * someone already on the team is changed in the team list.
 */
export async function inviteTeamMember(actor: Actor, input: unknown): Promise<SentInvite> {
  assertOwnerActor(actor);
  const { email, role } = parseInput(StaffInviteSchema, input);
  const { token, tokenHash, expiresAt } = newToken();
  const inviteId = await inTransaction(async (tx) => {
    const existing = await findAccountByEmail(tx, email);
    if (existing) throw new StaffInviteError(existingAccountMessage(existing));
    const [open] = await tx
      .select({ id: staffInvites.id })
      .from(staffInvites)
      .where(and(eq(staffInvites.email, email), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)));
    if (open)
      throw new StaffInviteError(
        "Já há um convite pendente para este e-mail: use “Reenviar” na lista de convites para mandar um link novo.",
      );
    const [created] = await tx
      .insert(staffInvites)
      .values({ tokenHash, email, role, invitedByUserId: actor.userId, invitedByLabel: actor.label, expiresAt })
      .returning({ id: staffInvites.id });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "team.invite.create",
      entity: "staff_invite",
      entityId: String(created!.id),
      details: { email, role },
    });
    return created!.id;
  });
  return { inviteId, email, emailSent: await sendInvite(email, role, token) };
}

/** An invite that can still be resent or cancelled, locked for the change. */
async function openInviteForUpdate(tx: Transaction, inviteId: unknown) {
  const id = typeof inviteId === "number" ? inviteId : Number(inviteId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundError("Convite não encontrado");
  const [invite] = await tx.select().from(staffInvites).where(eq(staffInvites.id, id)).for("update");
  if (!invite) throw new NotFoundError("Convite não encontrado");
  if (invite.usedAt || invite.revokedAt) throw new StaffInviteError(MESSAGES.notPending);
  return invite;
}

/** A fresh link and 7 more days for the same invite; the link sent before stops working. */
export async function resendTeamInvite(actor: Actor, inviteId: unknown): Promise<SentInvite> {
  assertOwnerActor(actor);
  const { token, tokenHash, expiresAt } = newToken();
  const invite = await inTransaction(async (tx) => {
    const open = await openInviteForUpdate(tx, inviteId);
    if (await findAccountByEmail(tx, open.email)) throw new StaffInviteError(MESSAGES.hasAccount);
    await tx.update(staffInvites).set({ tokenHash, expiresAt }).where(eq(staffInvites.id, open.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "team.invite.resend",
      entity: "staff_invite",
      entityId: String(open.id),
      details: { email: open.email },
    });
    return open;
  });
  return {
    inviteId: invite.id,
    email: invite.email,
    emailSent: await sendInvite(invite.email, teamRole(invite.role), token),
  };
}

export async function revokeTeamInvite(actor: Actor, inviteId: unknown) {
  assertOwnerActor(actor);
  return inTransaction(async (tx) => {
    const invite = await openInviteForUpdate(tx, inviteId);
    await tx.update(staffInvites).set({ revokedAt: new Date() }).where(eq(staffInvites.id, invite.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "team.invite.revoke",
      entity: "staff_invite",
      entityId: String(invite.id),
      details: { email: invite.email },
    });
    return { inviteId: invite.id, email: invite.email };
  });
}

export type OpenStaffInvite = {
  inviteId: number;
  email: string;
  role: TeamRole;
  roleLabel: string;
  invitedByLabel: string;
  createdAt: Date;
  expiresAt: Date;
  isExpired: boolean;
};

/** Invites neither used nor cancelled, oldest first; an expired one stays until resent or cancelled. */
export async function listOpenStaffInvites(db: Database): Promise<OpenStaffInvite[]> {
  const rows = await db
    .select({
      ...getTableColumns(staffInvites),
      // Who invited, by their current name (the stored label once the account is gone).
      invitedByLabel: personNameSql(staffInvites.invitedByUserId, staffInvites.invitedByLabel),
    })
    .from(staffInvites)
    .where(and(isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)))
    .orderBy(asc(staffInvites.createdAt), asc(staffInvites.id));
  const now = new Date();
  return rows.map((row) => ({
    inviteId: row.id,
    email: row.email,
    role: teamRole(row.role),
    roleLabel: ROLE_LABELS[teamRole(row.role)],
    invitedByLabel: row.invitedByLabel,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    isExpired: statusOf(row, now) === "expired",
  }));
}

async function findInviteByToken(db: Database | Transaction, token: string, forUpdate = false) {
  const query = db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, hashToken(token)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

/** The invite page's view of a link, whatever the visitor typed into the address. */
export async function findStaffInvite(token: string | null): Promise<StaffInviteLookup> {
  if (!token || token.length > TEAM_LIMITS.token) return { status: "unknown", message: MESSAGES.unknown };
  const invite = await findInviteByToken(await getDb(), token);
  if (!invite) return { status: "unknown", message: MESSAGES.unknown };
  const status = statusOf(invite);
  if (status !== "valid") return { status, message: MESSAGES[status] };
  const role = teamRole(invite.role);
  return { status, email: invite.email, role, roleLabel: ROLE_LABELS[role] };
}

/** PostgreSQL's unique_violation: an account with this e-mail was created in the meantime. */
function isUniqueViolation(error: unknown) {
  return hasSqlState(error, "23505");
}

/**
 * The invitee sets name and password: the account is created with the invited
 * e-mail (verified: the link reached that mailbox) and role, the invite is
 * used, and both are audited, in one transaction: a refusal leaves the link
 * as it was.
 */
export async function acceptStaffInvite(input: AcceptInviteInput | Record<string, unknown>) {
  const { token, fullName, password } = parseInput(AcceptInviteSchema, input);
  const context = await (await getAuth()).$context;
  // Hashed before the transaction: scrypt takes a while, and the invite row is locked inside.
  const passwordHash = await context.password.hash(password);
  const newId = (model: "user" | "account") => {
    const id = context.generateId({ model });
    if (typeof id !== "string") throw new Error("better-auth não gerou um id");
    return id;
  };
  try {
    return await inTransaction(async (tx) => {
      const invite = await findInviteByToken(tx, token, true);
      if (!invite) throw new StaffInviteError(MESSAGES.unknown);
      const status = statusOf(invite);
      if (status !== "valid") throw new StaffInviteError(MESSAGES[status]);
      if (await findAccountByEmail(tx, invite.email)) throw new StaffInviteError(MESSAGES.hasAccount);
      const role = teamRole(invite.role);
      const userId = newId("user");
      const now = new Date();
      await tx.insert(user).values({
        id: userId,
        name: fullName,
        email: invite.email,
        emailVerified: true,
        role,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(account).values({
        id: newId("account"),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      await ensureProfileInTx(tx, { userId, email: invite.email, fullName });
      await tx.update(staffInvites).set({ usedAt: now, usedByUserId: userId }).where(eq(staffInvites.id, invite.id));
      await recordAudit(tx, {
        actorUserId: userId,
        actorLabel: invite.email,
        action: "team.invite.accept",
        entity: "staff_invite",
        entityId: String(invite.id),
        details: { userId, role },
      });
      return { userId, email: invite.email, role };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaffInviteError(MESSAGES.hasAccount);
    throw error;
  }
}
