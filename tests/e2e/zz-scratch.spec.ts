import { deliverOrder, prepareOrder } from "./support/service-orders";
import { test } from "./support/test";
import { USERS } from "./support/users";
test.use({ storageState: USERS.staff.storageState });
test("scratch", async ({ page, isMobile }) => {
  test.skip(isMobile, "scratch");
  const order = await prepareOrder("ready");
  await deliverOrder(order.id, "Carlos Prado");
  for (const w of [360, 1024, 1440]) for (const d of ["entrada", "entrega", "contatos"]) for (const p of ["a4", "80mm", "58mm"]) {
    if (w !== 1024 && p !== "a4" ) continue;
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(`/service-orders/${order.id}/print/${d}?papel=${p}`);
    await page.screenshot({ path: `/tmp/shots/${d}-${p}-${w}.png`, fullPage: true });
  }
  await page.emulateMedia({ media: "print" });
  await page.goto(`/service-orders/${order.id}/print/entrega?papel=a4`);
  await page.pdf({ path: "/tmp/shots/entrega-a4.pdf", format: "A4" });
  await page.goto(`/service-orders/${order.id}/print/entrega?papel=80mm`);
  await page.screenshot({ path: `/tmp/shots/print-entrega-80.png`, fullPage: true });
});
