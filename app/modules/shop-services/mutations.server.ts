import { and, asc, eq, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { afterCommit } from "~/db/committed-writes.server";
import { shopServices, type ServicePlacement } from "~/db/schema/shop-services";
import { InputError, NotFoundError } from "~/lib/errors";
import { parseInput, readId } from "~/lib/forms";
import { moveOnePlace } from "~/lib/reorder";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { forgetCachedShopServices } from "./queries.server";
import { FooterServiceSchema, HomeServiceSchema, SHOP_SERVICE_LIMITS } from "./validation";

export const SHOP_SERVICE_ENTITY = "shop_service";

/** A service form refused, a Portuguese message per field; nothing is written. */
export class ShopServiceInputError extends InputError {
  override name = "ShopServiceInputError";
  constructor(fieldErrors: Record<string, string>) {
    super("invalid-shop-service", fieldErrors);
  }
}

const WHAT = { home: "Serviço", footer: "Linha do rodapé" } as const;

const refuse = (errors: Record<string, string>) => new ShopServiceInputError(errors);

function parseService(placement: ServicePlacement, input: unknown) {
  if (placement === "home") return parseInput(HomeServiceSchema, input, refuse);
  return { icon: "", description: "", details: "", ...parseInput(FooterServiceSchema, input, refuse) };
}

function serviceIdOf(id: string | number): number {
  const serviceId = readId(id);
  if (serviceId === null) throw new NotFoundError(`serviço ${String(id)}`);
  return serviceId;
}

async function audit(tx: Transaction, actor: Actor, action: string, id: number, details?: Record<string, unknown>) {
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: `shop_service.${action}`,
    entity: SHOP_SERVICE_ENTITY,
    entityId: String(id),
    details,
  });
  // The public pages drop themselves (shop_services is public content, decision 0016); the footer's list is kept here too.
  afterCommit(tx, forgetCachedShopServices);
}

/** A new card of the home, or a new line of the footer, last in its list. */
export async function createShopService(actor: Actor, placement: ServicePlacement, input: unknown): Promise<number> {
  assertStaffActor(actor);
  const values = parseService(placement, input);
  return inTransaction(async (tx) => {
    // One list at a time, so two additions cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop_services:${placement}`}))`);
    const [counted] = await tx
      .select({ total: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${shopServices.position}), 0)::int` })
      .from(shopServices)
      .where(eq(shopServices.placement, placement));
    const limit = placement === "home" ? SHOP_SERVICE_LIMITS.homeCards : SHOP_SERVICE_LIMITS.footerLines;
    if ((counted?.total ?? 0) >= limit)
      throw new ShopServiceInputError({
        form:
          placement === "home"
            ? `A página inicial já tem ${limit} serviços, o máximo: exclua um antes de adicionar outro.`
            : `O rodapé já tem ${limit} linhas, o máximo: exclua uma antes de adicionar outra.`,
      });
    const [row] = await tx
      .insert(shopServices)
      .values({ ...values, placement, position: (counted?.last ?? 0) + 1, updatedByUserId: actor.userId })
      .returning({ id: shopServices.id });
    await audit(tx, actor, "create", row!.id, { placement, title: values.title });
    return row!.id;
  });
}

export async function updateShopService(actor: Actor, placement: ServicePlacement, id: string | number, input: unknown) {
  assertStaffActor(actor);
  const serviceId = serviceIdOf(id);
  const values = parseService(placement, input);
  await inTransaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(shopServices)
      .where(and(eq(shopServices.id, serviceId), eq(shopServices.placement, placement)))
      .for("update");
    if (!current) throw new NotFoundError(`${WHAT[placement]} ${serviceId}`);
    await tx
      .update(shopServices)
      .set({ ...values, updatedByUserId: actor.userId, updatedAt: new Date() })
      .where(eq(shopServices.id, serviceId));
    const before = { icon: current.icon, title: current.title, description: current.description, details: current.details };
    await audit(tx, actor, "update", serviceId, { placement, before, after: values });
  });
}

/** One place up or down in its list; false when it is already at that end. */
export async function moveShopService(actor: Actor, placement: ServicePlacement, id: string | number, direction: "up" | "down") {
  assertStaffActor(actor);
  const serviceId = serviceIdOf(id);
  return inTransaction(async (tx) => {
    const ordered = await tx
      .select({ id: shopServices.id, position: shopServices.position })
      .from(shopServices)
      .where(eq(shopServices.placement, placement))
      .orderBy(asc(shopServices.position), asc(shopServices.id))
      .for("update");
    const index = ordered.findIndex((row) => row.id === serviceId);
    if (index === -1) throw new NotFoundError(`${WHAT[placement]} ${serviceId}`);
    const move = moveOnePlace(ordered, index, direction);
    if (!move) return false;
    for (const change of move.changes)
      await tx.update(shopServices).set({ position: change.position }).where(eq(shopServices.id, change.id));
    await audit(tx, actor, "move", serviceId, { placement, direction, from: move.from, to: move.to });
    return true;
  });
}

export async function deleteShopService(actor: Actor, placement: ServicePlacement, id: string | number) {
  assertStaffActor(actor);
  const serviceId = serviceIdOf(id);
  await inTransaction(async (tx) => {
    const [deleted] = await tx
      .delete(shopServices)
      .where(and(eq(shopServices.id, serviceId), eq(shopServices.placement, placement)))
      .returning();
    if (!deleted) throw new NotFoundError(`${WHAT[placement]} ${serviceId}`);
    await audit(tx, actor, "delete", serviceId, { placement, title: deleted.title, description: deleted.description });
  });
}
