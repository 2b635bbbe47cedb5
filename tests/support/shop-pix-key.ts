/**
 * PIX is taken only to the shop's own key (an order's or a sale's PIX is
 * refused with the demo's): a suite that takes PIX gives its shop one. Call
 * after the suite's database is open.
 */
export async function giveTheShopItsOwnPixKey() {
  const [{ getShopSettings }, { shopSettings }, { getDb }] = await Promise.all([
    import("~/modules/shop-settings/queries.server"),
    import("~/db/schema/shop-settings"),
    import("~/db/client.server"),
  ]);
  await getShopSettings(); // the row exists once read
  await (await getDb()).update(shopSettings).set({ pixKey: "pix@loja-de-teste.com.br", pixKeyType: "email" });
}
