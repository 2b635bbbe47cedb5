import { searchServiceOrders } from "~/modules/service-orders/queries.server";
import { closeDb } from "~/db/client.server";
for (const q of ["Silva", "Oliveira", "Ferreira", "Quaresma", "Cavalcanti", "Nascimento", "Gonçalves", "Galaxy A5", "iPhone 13", "Redmi Note", "Moto G", "Inspiron", "PlayStation", "Tab S6"]) {
  console.log(q, (await searchServiceOrders(q)).length);
}
await closeDb();
