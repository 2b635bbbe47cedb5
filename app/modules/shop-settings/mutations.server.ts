import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { shopSettings } from "~/db/schema/shop-settings";
import { InputError, type FieldErrors } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { processImage, type ProcessedImage } from "~/lib/uploads/process-image.server";
import type { UploadedFile } from "~/lib/uploads/read-upload-form.server";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { storeImageUploadInTx } from "~/modules/uploads/mutations.server";
import { forgetCachedShopSettings, readShopSettingsInTx, type ShopSettings } from "./queries.server";
import {
  DEMO_DOCUMENT_MESSAGE,
  isDemoDocument,
  ShopSettingsSchema,
  type ShopIdentity,
  type ShopSettingsInput,
} from "./validation";

export const SHOP_SETTINGS_ENTITY = "shop_settings";

/** The settings form's refusal: a message per field, nothing written. */
export class ShopSettingsInputError extends InputError {
  override name = "ShopSettingsInputError";
  constructor(fieldErrors: FieldErrors) {
    super("invalid-shop-settings", fieldErrors);
  }
}

/** What happens to the logo: kept, taken off, or replaced by an image already through processImage. */
export type LogoChange = { kind: "keep" } | { kind: "remove" } | { kind: "replace"; image: ProcessedImage; originalName: string };

type SettingsColumns = Omit<typeof shopSettings.$inferInsert, "id" | "updatedAt" | "detailsConfirmedAt" | "hasDemoData">;

/** The columns an identity or a whole settings form writes (the form says "document", the column is `cnpj`: CNPJ or CPF). */
function identityColumns({ document, ...identity }: ShopIdentity): SettingsColumns {
  return { ...identity, cnpj: document };
}

function settingsColumns({ document, confirmIdentity: _confirm, ...input }: ShopSettingsInput): SettingsColumns {
  return { ...input, cnpj: document };
}

/** Old and new value of each column that changed: the audit entry's details. */
function changesBetween(before: ShopSettings, after: Partial<SettingsColumns>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [column, value] of Object.entries(after)) {
    const previous: unknown = before[column as keyof ShopSettings] ?? null;
    const next: unknown = value ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes[column] = { from: previous, to: next };
  }
  return changes;
}

/**
 * Writes the columns and records old and new values in the same
 * transaction. Only `confirm` marks the details as the shop's own (documents,
 * footer and search engines then treat them as real): an ordinary save of a
 * shop still in its demo identity leaves the marks on (decision 0014).
 */
async function writeSettingsInTx(
  tx: Transaction,
  actor: Actor,
  action: string,
  before: ShopSettings,
  columns: Partial<SettingsColumns>,
  confirm: boolean,
) {
  const changes = changesBetween(before, columns);
  const now = new Date();
  const detailsConfirmedAt = before.detailsConfirmedAt ?? (confirm ? now : null);
  await tx
    .update(shopSettings)
    .set({ ...columns, detailsConfirmedAt, updatedAt: now })
    .where(eq(shopSettings.id, before.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action,
    entity: SHOP_SETTINGS_ENTITY,
    entityId: String(before.id),
    details: {
      changes,
      detailsConfirmed: before.detailsConfirmedAt !== null ? "já confirmados" : confirm ? "agora" : "ainda não confirmados",
    },
  });
}

/**
 * Everything /configuracoes holds, in the caller's transaction: the input is
 * checked whole before anything is written, and a new logo is stored through
 * the upload pipeline in the same transaction (a refused form leaves no file).
 */
export async function updateShopSettingsInTx(
  tx: Transaction,
  actor: Actor,
  input: unknown,
  logo: LogoChange = { kind: "keep" },
): Promise<{ confirmedNow: boolean }> {
  assertOwnerActor(actor);
  const values = parseInput(ShopSettingsSchema, input, (errors) => new ShopSettingsInputError(errors));
  const current = await readShopSettingsInTx(tx);
  // Confirmed now or before, the details are the shop's own: the demo's CNPJ would be printed as its own.
  if ((values.confirmIdentity || current.detailsConfirmedAt !== null) && isDemoDocument(values.document)) {
    throw new ShopSettingsInputError({ document: DEMO_DOCUMENT_MESSAGE });
  }
  let logoUploadId = current.logoUploadId;
  if (logo.kind === "remove") logoUploadId = null;
  if (logo.kind === "replace") {
    logoUploadId = (await storeImageUploadInTx(tx, actor, { image: logo.image, originalName: logo.originalName })).id;
  }
  await writeSettingsInTx(
    tx,
    actor,
    "shop-settings.update",
    current,
    { ...settingsColumns(values), logoUploadId },
    values.confirmIdentity,
  );
  return { confirmedNow: values.confirmIdentity && current.detailsConfirmedAt === null };
}

/**
 * The settings page's save: the form is checked first (a bad field is
 * answered before an image is processed), the logo is processed outside the
 * transaction, and once committed this instance forgets its cached copy so
 * the public pages show the change at once (other instances within the
 * cache's minute). Says whether this save confirmed the shop's identity.
 */
export async function updateShopSettings(
  actor: Actor,
  input: unknown,
  logo: { file: UploadedFile | null; remove: boolean } = { file: null, remove: false },
): Promise<{ confirmedNow: boolean }> {
  assertOwnerActor(actor);
  parseInput(ShopSettingsSchema, input, (errors) => new ShopSettingsInputError(errors));
  const change: LogoChange = logo.file
    ? { kind: "replace", image: await processImage(logo.file.bytes, "logo"), originalName: logo.file.originalName }
    : logo.remove
      ? { kind: "remove" }
      : { kind: "keep" };
  const result = await inTransaction((tx) => updateShopSettingsInTx(tx, actor, input, change));
  forgetCachedShopSettings();
  return result;
}

/**
 * The details the owner-setup page asks (names, document, address, WhatsApp,
 * e-mail, hours), already checked by ConfirmedShopIdentitySchema (inside the
 * owner setup's own schema; the demo's document is refused here again), in the transaction that creates the owner: both are
 * kept, or neither. The caller forgets the cached settings after the commit.
 */
export async function confirmShopIdentityInTx(tx: Transaction, actor: Actor, identity: ShopIdentity): Promise<void> {
  assertOwnerActor(actor);
  const before = await readShopSettingsInTx(tx);
  // Until now the row held the fictional demo identity: what the setup does not ask (the demo's
  // Instagram, review link, PIX key…) would otherwise be shown and used as the real shop's.
  const demoLeftovers: Partial<SettingsColumns> =
    before.detailsConfirmedAt === null
      ? { phones: [], closures: [], socialLinks: {}, reviewUrl: null, pixKey: null, pixKeyType: null }
      : {};
  if (isDemoDocument(identity.document)) throw new ShopSettingsInputError({ document: DEMO_DOCUMENT_MESSAGE });
  await writeSettingsInTx(tx, actor, "shop-settings.confirm", before, { ...demoLeftovers, ...identityColumns(identity) }, true);
}
