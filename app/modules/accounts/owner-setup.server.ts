import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { getDb, inTransaction } from "~/db/client.server";
import { ownerSetupTokens } from "~/db/schema/accounts";
import { InputError } from "~/lib/errors";
import { getAuth } from "./auth.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { passwordProblem } from "./password-policy";
import { ensureProfileInTx } from "./profiles.server";
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

export const OwnerSetupSchema = z.object({
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

export type OwnerSetupInput = z.infer<typeof OwnerSetupSchema>;

/** The link is used, or the e-mail taken: one message for the whole form. */
export class OwnerSetupError extends InputError {
  override name = "OwnerSetupError";
  constructor(message: string) {
    super("owner-setup-refused", { form: message });
  }
}

/** Creates the owner account (e-mail taken as verified: whoever holds the link runs the server). */
export async function createOwner(input: OwnerSetupInput) {
  const db = await getDb();
  const auth = await getAuth();
  const context = await auth.$context;
  const tokenHash = hashToken(input.token);

  const [claimed] = await db
    .update(ownerSetupTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(ownerSetupTokens.tokenHash, tokenHash), isNull(ownerSetupTokens.usedAt)))
    .returning();
  if (!claimed || (await hasOwner())) throw new OwnerSetupError("Este link de configuração é inválido ou já foi usado.");

  try {
    const existing = await context.internalAdapter.findUserByEmail(input.email);
    if (existing) throw new OwnerSetupError("Já existe uma conta com este e-mail.");
    const created = await context.internalAdapter.createUser(
      {
        email: input.email,
        name: input.fullName,
        emailVerified: true,
        role: "owner",
      },
      { method: "email-password" },
    );
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await context.password.hash(input.password),
    });
    await inTransaction(async (tx) => {
      await ensureProfileInTx(tx, { userId: created.id, email: input.email, fullName: input.fullName });
      await recordAudit(tx, {
        actorUserId: created.id,
        actorLabel: input.email,
        action: "owner.setup",
        entity: "user",
        entityId: created.id,
      });
    });
    return created;
  } catch (error) {
    await db.update(ownerSetupTokens).set({ usedAt: null }).where(eq(ownerSetupTokens.tokenHash, tokenHash));
    throw error;
  }
}
