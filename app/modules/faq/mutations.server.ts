import { asc, eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/client.server";
import { faqEntries, siteTexts } from "~/db/schema/faq";
import { NotFoundError } from "~/lib/errors";
import { parseInput, readId } from "~/lib/forms";
import { moveOnePlace } from "~/lib/reorder";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { outsideImagesMessage, outsideImageUrls } from "~/modules/blog/markdown.server";
import { FaqInputError } from "./errors";
import { FaqEntrySchema, StorySchema } from "./validation";

export const FAQ_ENTITY = "faq_entry";
export const SITE_TEXT_ENTITY = "site_text";

export class FaqEntryNotFoundError extends NotFoundError {
  override name = "FaqEntryNotFoundError";
}

function entryIdOf(id: string | number): number {
  const entryId = readId(id);
  if (entryId === null) throw new FaqEntryNotFoundError(`Pergunta ${String(id)}`);
  return entryId;
}

/** This screen uploads no images: another site's is refused (the site's CSP would block it), our own files may stay. */
const OUTSIDE_IMAGE_REMEDY = "Tire a imagem do texto.";

function refuseOutsideImages(field: string, markdown: string) {
  const outside = outsideImageUrls(markdown);
  if (outside.length > 0) throw new FaqInputError({ [field]: outsideImagesMessage(outside, OUTSIDE_IMAGE_REMEDY) });
}

function parseEntry(input: unknown) {
  const entry = parseInput(FaqEntrySchema, input, (errors) => new FaqInputError(errors));
  refuseOutsideImages("answer", entry.answer);
  return entry;
}

/** A new question, last on /perguntas. Writes to faq_entries clear the public page cache once committed. */
export async function createFaqEntry(actor: Actor, input: unknown): Promise<number> {
  assertStaffActor(actor);
  const values = parseEntry(input);
  return inTransaction(async (tx) => {
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${faqEntries.position}), 0)::int` }).from(faqEntries);
    const [row] = await tx
      .insert(faqEntries)
      .values({ ...values, position: (last?.position ?? 0) + 1 })
      .returning({ id: faqEntries.id });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "faq.create",
      entity: FAQ_ENTITY,
      entityId: String(row!.id),
      details: { question: values.question, isPublished: values.isPublished },
    });
    return row!.id;
  });
}

export async function updateFaqEntry(actor: Actor, id: string | number, input: unknown): Promise<void> {
  assertStaffActor(actor);
  const entryId = entryIdOf(id);
  const values = parseEntry(input);
  await inTransaction(async (tx) => {
    const [current] = await tx.select().from(faqEntries).where(eq(faqEntries.id, entryId)).for("update");
    if (!current) throw new FaqEntryNotFoundError(`Pergunta ${entryId}`);
    await tx.update(faqEntries).set(values).where(eq(faqEntries.id, entryId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "faq.update",
      entity: FAQ_ENTITY,
      entityId: String(entryId),
      details: {
        before: { question: current.question, answer: current.answer, isPublished: current.isPublished },
        after: values,
      },
    });
  });
}

/** Shows or hides a question on /perguntas; answers whether anything changed. */
export async function setFaqEntryPublished(actor: Actor, id: string | number, isPublished: boolean): Promise<boolean> {
  assertStaffActor(actor);
  const entryId = entryIdOf(id);
  return inTransaction(async (tx) => {
    const [current] = await tx.select({ isPublished: faqEntries.isPublished }).from(faqEntries).where(eq(faqEntries.id, entryId));
    if (!current) throw new FaqEntryNotFoundError(`Pergunta ${entryId}`);
    if (current.isPublished === isPublished) return false;
    await tx.update(faqEntries).set({ isPublished }).where(eq(faqEntries.id, entryId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: isPublished ? "faq.show" : "faq.hide",
      entity: FAQ_ENTITY,
      entityId: String(entryId),
    });
    return true;
  });
}

/** One place up or down; the order is written out 1…n so equal positions cannot block a move. */
export async function moveFaqEntry(actor: Actor, id: string | number, direction: "up" | "down"): Promise<boolean> {
  assertStaffActor(actor);
  const entryId = entryIdOf(id);
  return inTransaction(async (tx) => {
    const ordered = await tx
      .select({ id: faqEntries.id, position: faqEntries.position })
      .from(faqEntries)
      .orderBy(asc(faqEntries.position), asc(faqEntries.id))
      .for("update");
    const index = ordered.findIndex((row) => row.id === entryId);
    if (index === -1) throw new FaqEntryNotFoundError(`Pergunta ${entryId}`);
    const move = moveOnePlace(ordered, index, direction);
    if (!move) return false;
    for (const change of move.changes)
      await tx.update(faqEntries).set({ position: change.position }).where(eq(faqEntries.id, change.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "faq.move",
      entity: FAQ_ENTITY,
      entityId: String(entryId),
      details: { direction, from: move.from, to: move.to },
    });
    return true;
  });
}

export async function deleteFaqEntry(actor: Actor, id: string | number): Promise<void> {
  assertStaffActor(actor);
  const entryId = entryIdOf(id);
  await inTransaction(async (tx) => {
    const [deleted] = await tx.delete(faqEntries).where(eq(faqEntries.id, entryId)).returning();
    if (!deleted) throw new FaqEntryNotFoundError(`Pergunta ${entryId}`);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "faq.delete",
      entity: FAQ_ENTITY,
      entityId: String(entryId),
      details: { question: deleted.question, answer: deleted.answer },
    });
  });
}

/**
 * Saves the shop's story (/historia). Once the staff save it, it is theirs:
 * no longer demo data, so removing the demo keeps it.
 */
export async function saveStory(actor: Actor, input: unknown): Promise<void> {
  assertStaffActor(actor);
  const { bodyMarkdown } = parseInput(StorySchema, input, (errors) => new FaqInputError(errors));
  refuseOutsideImages("bodyMarkdown", bodyMarkdown);
  await inTransaction(async (tx) => {
    const [current] = await tx.select().from(siteTexts).where(eq(siteTexts.key, "story")).for("update");
    const row = { bodyMarkdown, isDemo: false, updatedByUserId: actor.userId, updatedAt: new Date() };
    if (current) await tx.update(siteTexts).set(row).where(eq(siteTexts.key, "story"));
    else await tx.insert(siteTexts).values({ key: "story", ...row });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "site_text.update",
      entity: SITE_TEXT_ENTITY,
      entityId: "story",
      details: { before: current?.bodyMarkdown ?? null, after: bodyMarkdown },
    });
  });
}
