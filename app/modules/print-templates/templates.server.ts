import { and, asc, desc, eq } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { printTemplates } from "~/db/schema/print-documents";
import { InputError, NotFoundError } from "~/lib/errors";
import { readId } from "~/lib/forms";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { currentShopData } from "./shop-header.server";
import { checkTemplate, describeProblem, inspectTemplate, type TemplateProblem } from "./check.server";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import type { PrintMargins } from "./margins";
import { papersOf, type Paper } from "./papers";
import { defaultTemplateOf } from "./render.server";
import { parseMargins, TemplateNameInputSchema, type TemplateFormValues } from "./validation";

const TEMPLATE_ENTITY = "print_template";

/** A template the editor refused, with every problem of its source (line, column, message) besides the field messages. */
export class TemplateInputError extends InputError {
  constructor(
    fieldErrors: Record<string, string>,
    readonly problems: TemplateProblem[] = [],
  ) {
    super("invalid-template", fieldErrors);
  }
}

export function isPrintKind(value: string): value is PrintKind {
  return Object.hasOwn(PRINT_KINDS, value);
}

function isPaperOf(kind: PrintKind, value: string): value is Paper {
  return papersOf(kind).some((paper) => paper === value);
}

export type TemplateRow = typeof printTemplates.$inferSelect & { kind: PrintKind; paper: Paper };

function audit(tx: Transaction, actor: Actor, action: string, templateId: number, details: Record<string, unknown>) {
  return recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: `print_template.${action}`,
    entity: TEMPLATE_ENTITY,
    entityId: String(templateId),
    details,
  });
}

async function lockTemplateInTx(tx: Transaction, rawId: unknown): Promise<TemplateRow> {
  const id = typeof rawId === "string" || typeof rawId === "number" ? readId(rawId) : null;
  if (id === null) throw new NotFoundError("modelo não encontrado");
  const [row] = await tx.select().from(printTemplates).where(eq(printTemplates.id, id)).for("update");
  if (!row || !isPrintKind(row.kind) || !isPaperOf(row.kind, row.paper)) throw new NotFoundError("modelo não encontrado");
  return row as TemplateRow;
}

/** The editor's renders count toward the staff member's limit of renders at once (render-pool.server.ts). */
function callerOf(actor: Actor, signal?: AbortSignal) {
  return { person: actor.userId, signal };
}

async function assertPrints(actor: Actor, kind: PrintKind, paper: Paper, body: string) {
  const problems = await checkTemplate(kind, paper, body, callerOf(actor));
  if (problems.length > 0) throw new TemplateInputError({ body: problems.map(describeProblem).join(" ") }, problems);
}

export type TemplateSummary = { id: number; name: string; isDefault: boolean; updatedAt: string };
export type KindTemplates = {
  kind: PrintKind;
  title: string;
  papers: { paper: Paper; isShippedDefault: boolean; templates: TemplateSummary[] }[];
};

/** Every kind with its papers: the shop's templates of each (the default first) and whether the shipped one prints. */
export async function listTemplates(actor: Actor): Promise<KindTemplates[]> {
  assertStaffActor(actor);
  const db = await getDb();
  const rows = await db
    .select({
      id: printTemplates.id,
      kind: printTemplates.kind,
      paper: printTemplates.paper,
      name: printTemplates.name,
      isDefault: printTemplates.isDefault,
      updatedAt: printTemplates.updatedAt,
    })
    .from(printTemplates)
    .orderBy(desc(printTemplates.isDefault), asc(printTemplates.name), asc(printTemplates.id));
  return (Object.keys(PRINT_KINDS) as PrintKind[]).map((kind) => ({
    kind,
    title: PRINT_KINDS[kind].title,
    papers: papersOf(kind).map((paper) => {
      const templates = rows
        .filter((row) => row.kind === kind && row.paper === paper)
        .map((row) => ({ id: row.id, name: row.name, isDefault: row.isDefault, updatedAt: row.updatedAt.toISOString() }));
      return { paper, isShippedDefault: !templates.some((template) => template.isDefault), templates };
    }),
  }));
}

/** One of the shop's templates for the editor; null when there is none with that id. */
export async function getTemplate(actor: Actor, rawId: string | undefined): Promise<TemplateRow | null> {
  assertStaffActor(actor);
  const id = readId(rawId ?? "");
  if (id === null) return null;
  const db = await getDb();
  const [row] = await db.select().from(printTemplates).where(eq(printTemplates.id, id));
  if (!row || !isPrintKind(row.kind) || !isPaperOf(row.kind, row.paper)) return null;
  return row as TemplateRow;
}

/** The shop's templates of a kind and paper, to start a new one from. */
export async function listTemplatesOf(actor: Actor, kind: PrintKind, paper: Paper) {
  assertStaffActor(actor);
  const db = await getDb();
  return db
    .select({ id: printTemplates.id, name: printTemplates.name, isDefault: printTemplates.isDefault })
    .from(printTemplates)
    .where(and(eq(printTemplates.kind, kind), eq(printTemplates.paper, paper)))
    .orderBy(asc(printTemplates.name), asc(printTemplates.id));
}

/**
 * A new template of the shop, not yet the default: a copy of the shipped
 * default ("padrao") or of one of the shop's templates of the same kind and
 * paper (its id).
 */
export async function createTemplate(actor: Actor, input: { kind: string; paper: string; from: string; name: string }) {
  assertStaffActor(actor);
  const errors: Record<string, string> = {};
  const kind = isPrintKind(input.kind) ? input.kind : null;
  if (!kind) errors.kind = "Escolha o documento.";
  const paper = kind && isPaperOf(kind, input.paper) ? input.paper : null;
  if (kind && !paper) errors.paper = "Escolha um papel deste documento.";
  const named = TemplateNameInputSchema.safeParse({ name: input.name });
  if (!named.success) errors.name = named.error.issues[0]!.message;
  if (!kind || !paper || !named.success) throw new TemplateInputError(errors);
  return inTransaction(async (tx) => {
    let body = defaultTemplateOf(kind, paper);
    let margins: PrintMargins | null = null;
    if (input.from !== "padrao") {
      const source = await lockTemplateInTx(tx, input.from).catch(() => null);
      if (!source || source.kind !== kind || source.paper !== paper)
        throw new TemplateInputError({ from: "Escolha um modelo deste documento e deste papel." });
      ({ body, margins } = source);
    }
    const [row] = await tx
      .insert(printTemplates)
      .values({ kind, paper, name: named.data.name, body, margins, updatedByUserId: actor.userId })
      .returning({ id: printTemplates.id });
    await audit(tx, actor, "create", row!.id, { kind, paper, name: named.data.name, from: input.from });
    return { id: row!.id };
  });
}

/** Saves the name, margins and source; refused (nothing changes) while the source has a problem. */
export async function saveTemplate(actor: Actor, rawId: string | undefined, values: TemplateFormValues) {
  const current = await getTemplate(actor, rawId);
  if (!current) throw new NotFoundError("modelo não encontrado");
  // Checked before the transaction: a render may take up to the engine's time limit, and on PGlite a
  // transaction holds the only connection.
  const errors: Record<string, string> = {};
  const named = TemplateNameInputSchema.safeParse({ name: values.name });
  if (!named.success) errors.name = named.error.issues[0]!.message;
  const margins = parseMargins(current.paper, values.margins);
  if ("errors" in margins) Object.assign(errors, margins.errors);
  const problems = await checkTemplate(current.kind, current.paper, values.body, callerOf(actor));
  if (problems.length > 0) errors.body = problems.map(describeProblem).join(" ");
  if (!named.success || "errors" in margins || problems.length > 0) throw new TemplateInputError(errors, problems);
  return inTransaction(async (tx) => {
    const row = await lockTemplateInTx(tx, current.id);
    await tx
      .update(printTemplates)
      .set({
        name: named.data.name,
        body: values.body,
        margins: margins.margins,
        updatedByUserId: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(printTemplates.id, row.id));
    // Before → after of the fields that changed (the owner's log shows them); the body, long, only as changed or not.
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (row.name !== named.data.name) [before.name, after.name] = [row.name, named.data.name];
    if (JSON.stringify(row.margins) !== JSON.stringify(margins.margins))
      [before.margins, after.margins] = [row.margins, margins.margins];
    await audit(tx, actor, "update", row.id, { before, after, bodyChanged: row.body !== values.body });
    return { id: row.id };
  });
}

/** A copy of the template, named "Cópia de …", not the default. */
export async function duplicateTemplate(actor: Actor, rawId: string | undefined) {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const row = await lockTemplateInTx(tx, rawId);
    const name = `Cópia de ${row.name}`.slice(0, 80);
    const [copy] = await tx
      .insert(printTemplates)
      .values({ kind: row.kind, paper: row.paper, name, body: row.body, margins: row.margins, updatedByUserId: actor.userId })
      .returning({ id: printTemplates.id });
    await audit(tx, actor, "duplicate", copy!.id, { from: row.id, name });
    return { id: copy!.id };
  });
}

/** Locks every template of the kind and paper, so two "usar como padrão" at once leave one default. */
async function lockKindPaperInTx(tx: Transaction, kind: PrintKind, paper: Paper) {
  await tx
    .select({ id: printTemplates.id })
    .from(printTemplates)
    .where(and(eq(printTemplates.kind, kind), eq(printTemplates.paper, paper)))
    .for("update");
}

/** Makes the template the one its kind and paper print with (the previous default stays, as one of the shop's). */
export async function makeDefaultTemplate(actor: Actor, rawId: string | undefined) {
  const current = await getTemplate(actor, rawId);
  if (!current) throw new NotFoundError("modelo não encontrado");
  if (current.isDefault) return { wasUnchanged: true };
  // A template saved before a rule changed (a locked clause added) must not start printing; checked outside the
  // transaction (see saveTemplate), and the text checked is the text made default.
  await assertPrints(actor, current.kind, current.paper, current.body);
  return inTransaction(async (tx) => {
    const row = await lockTemplateInTx(tx, current.id);
    await lockKindPaperInTx(tx, row.kind, row.paper);
    if (row.body !== current.body)
      throw new TemplateInputError({ form: "O modelo foi alterado enquanto isso: abra-o de novo e tente outra vez." });
    if (row.isDefault) return { wasUnchanged: true };
    await tx
      .update(printTemplates)
      .set({ isDefault: false })
      .where(and(eq(printTemplates.kind, row.kind), eq(printTemplates.paper, row.paper), eq(printTemplates.isDefault, true)));
    await tx.update(printTemplates).set({ isDefault: true }).where(eq(printTemplates.id, row.id));
    await audit(tx, actor, "make_default", row.id, { kind: row.kind, paper: row.paper });
    return { wasUnchanged: false };
  });
}

/** The kind and paper print with the template shipped with Balcão again; the shop's templates stay. */
export async function useShippedTemplate(actor: Actor, kind: string, paper: string) {
  assertStaffActor(actor);
  if (!isPrintKind(kind) || !isPaperOf(kind, paper)) throw new NotFoundError("documento não encontrado");
  return inTransaction(async (tx) => {
    await lockKindPaperInTx(tx, kind, paper);
    const unset = await tx
      .update(printTemplates)
      .set({ isDefault: false })
      .where(and(eq(printTemplates.kind, kind), eq(printTemplates.paper, paper), eq(printTemplates.isDefault, true)))
      .returning({ id: printTemplates.id });
    for (const { id } of unset) await audit(tx, actor, "use_shipped", id, { kind, paper });
    return { wasUnchanged: unset.length === 0 };
  });
}

/** "Restaurar o padrão": the template's source and margins back to the shipped default of its kind and paper. */
export async function restoreShippedSource(actor: Actor, rawId: string | undefined) {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const row = await lockTemplateInTx(tx, rawId);
    await tx
      .update(printTemplates)
      .set({ body: defaultTemplateOf(row.kind, row.paper), margins: null, updatedByUserId: actor.userId, updatedAt: new Date() })
      .where(eq(printTemplates.id, row.id));
    await audit(tx, actor, "restore_shipped", row.id, { kind: row.kind, paper: row.paper });
    return { id: row.id };
  });
}

/** Deletes one of the shop's templates; the default deleted, its kind and paper print with the shipped one. */
export async function deleteTemplate(actor: Actor, rawId: string | undefined) {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const row = await lockTemplateInTx(tx, rawId);
    await tx.delete(printTemplates).where(eq(printTemplates.id, row.id));
    await audit(tx, actor, "delete", row.id, { kind: row.kind, paper: row.paper, name: row.name, wasDefault: row.isDefault });
    return { name: row.name, wasDefault: row.isDefault };
  });
}

/**
 * The editor's live preview: the source as it would print on the paper,
 * filled with the kind's sample data under the shop's own header (name,
 * razão social, CNPJ, address, logo: what the shop's documents will carry)
 * through the printing path (inspectTemplate), or its problems. Nothing is saved. `signal` (the
 * request's) stops the render when the editor no longer waits for it (a
 * newer keystroke); a staff member with too many previews at once is
 * refused with RenderBusyError (429).
 */
export async function previewTemplate(
  actor: Actor,
  input: { kind: string; paper: string; body: string },
  signal?: AbortSignal,
): Promise<{ html: string; problems: TemplateProblem[] }> {
  assertStaffActor(actor);
  if (!isPrintKind(input.kind) || !isPaperOf(input.kind, input.paper)) throw new NotFoundError("documento não encontrado");
  return inspectTemplate(input.kind, input.paper, input.body, callerOf(actor, signal), await currentShopData());
}
