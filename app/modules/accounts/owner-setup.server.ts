import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { ownerSetupTokens } from "~/db/schema/accounts";
import { account, user } from "~/db/schema/auth";
import { InputError } from "~/lib/errors";
import { getAuth } from "./auth.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { passwordProblem } from "./password-policy";
import { ensureProfileInTx } from "./profiles.server";
import type { Actor } from "./roles";
import { hasOwner } from "./user-roles.server";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * With no owner yet, a fresh one-time token replaces any earlier one and the
 * caller prints its link. There is never a default password.
 */
export async function createOwnerSetupToken(): Promise<string | null> {
  if (await hasOwner()) return null;
  const token = randomBytes(32).toString("base64url");
  await inTransaction(async (tx) => {
    await tx.delete(ownerSetupTokens).where(isNull(ownerSetupTokens.usedAt));
    await tx.insert(ownerSetupTokens).values({ tokenHash: hashToken(token) });
  });
  return token;
}

export async function isOwnerSetupTokenValid(token: string | null) {
  if (!token || (await hasOwner())) return false;
  const db = await getDb();
  const [row] = await db
    .select({ tokenHash: ownerSetupTokens.tokenHash })
    .from(ownerSetupTokens)
    .where(and(eq(ownerSetupTokens.tokenHash, hashToken(token)), isNull(ownerSetupTokens.usedAt)));
  return Boolean(row);
}

/** The owner's own fields of the setup form; shop-settings/owner-setup.server.ts adds the shop's. */
export const OwnerAccountSchema = z.object({
  token: z.string({ error: "Link de configuração ausente." }).min(1),
  fullName: z
    .string({ error: "Informe seu nome completo." })
    .trim()
    .min(1, "Informe seu nome completo.")
    .max(120, "Use até 120 caracteres."),
  email: z
    .email({ error: "Informe um e-mail válido." })
    .max(254)
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: "Informe a senha." }).superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export type OwnerAccountInput = z.infer<typeof OwnerAccountSchema>;

/**
 * What the setup saves beside the owner's account, in the same transaction
 * (a refusal of either takes both back), and what follows once it
 * committed: the shop's real details (shop-settings/owner-setup.server.ts),
 * passed in because shop-settings sits above accounts.
 */
export type OwnerSetupAlongside = {
  saveInTx: (tx: Transaction, actor: Actor) => Promise<void>;
  afterCommit: () => void;
};

/** The link is used, or the e-mail taken: one message for the whole form. */
export class OwnerSetupError extends InputError {
  override name = "OwnerSetupError";
  constructor(message: string) {
    super("owner-setup-refused", { form: message });
  }
}

/**
 * Creates the owner account (e-mail taken as verified: whoever holds the link
 * runs the server) and saves the shop's real details, in one transaction:
 * the link is claimed, the details written, the account created; if
 * anything fails, nothing is kept and the link still works. The account
 * rows are written here, not through better-auth's adapter, which would
 * commit them on its own connection outside this transaction.
 */
export async function createOwner(input: OwnerAccountInput, alongside: OwnerSetupAlongside) {
  const auth = await getAuth();
  const context = await auth.$context;
  const tokenHash = hashToken(input.token);
  // Hashing takes CPU for a while: done before the transaction opens.
  const passwordHash = await context.password.hash(input.password);
  const userId = context.generateId({ model: "user" }) || randomUUID();
  const accountRowId = context.generateId({ model: "account" }) || randomUUID();

  const created = await inTransaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(ownerSetupTokens)
      .set({ usedAt: now })
      .where(and(eq(ownerSetupTokens.tokenHash, tokenHash), isNull(ownerSetupTokens.usedAt)))
      .returning();
    const [existingOwner] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.role, "owner")).limit(1);
    // The same form sent twice (a double click, a resend after a slow answer): the first made the owner; this one only signs in.
    if (existingOwner && existingOwner.email === input.email && (await wasTokenUsed(tx, tokenHash))) return null;
    if (!claimed || existingOwner) throw new OwnerSetupError("Este link de configuração é inválido ou já foi usado.");

    const actor = { userId, label: input.email, role: "owner" } as const;
    // The details first: a refusal of the account below takes them back with it.
    await alongside.saveInTx(tx, actor);

    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email)).limit(1);
    if (taken) throw new OwnerSetupError("Já existe uma conta com este e-mail.");
    const [owner] = await tx
      .insert(user)
      .values({
        id: userId,
        email: input.email,
        name: input.fullName,
        emailVerified: true,
        role: "owner",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(account).values({
      id: accountRowId,
      userId,
      providerId: "credential",
      accountId: userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await ensureProfileInTx(tx, { userId, email: input.email, fullName: input.fullName });
    await recordAudit(tx, {
      actorUserId: userId,
      actorLabel: input.email,
      action: "owner.setup",
      entity: "user",
      entityId: userId,
    });
    return owner!;
  });
  if (created) alongside.afterCommit();
  return created;
}

async function wasTokenUsed(tx: Transaction, tokenHash: string) {
  const [row] = await tx
    .select({ usedAt: ownerSetupTokens.usedAt })
    .from(ownerSetupTokens)
    .where(eq(ownerSetupTokens.tokenHash, tokenHash));
  return Boolean(row?.usedAt);
}

/**
 * The owner setup form's whole effect: the owner made (once, however often
 * the form arrives) and signed in. The account is saved before the sign-in,
 * so a sign-in that fails (its rate limits, a refused origin) must not turn
 * a done setup into an error: the owner is sent to sign in by hand instead.
 * Returns the session cookie, or null when the owner must sign in.
 */
export async function completeOwnerSetup(
  input: OwnerAccountInput,
  requestHeaders: Headers,
  alongside: OwnerSetupAlongside,
): Promise<string | null> {
  await createOwner(input, alongside);
  try {
    const auth = await getAuth();
    const { headers } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return headers.get("set-cookie");
  } catch (err) {
    logger.warn({ err }, "proprietário criado, mas a entrada automática falhou");
    return null;
  }
}
