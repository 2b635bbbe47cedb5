import { SHOP_TIME_ZONE } from "~/modules/shop-settings/opening-hours";

/** In the shop's zone, so the server and the browser write the same day. */
const postDate = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });

/** "4 de março de 2025" */
export function formatPostDate(date: Date | string) {
  return postDate.format(new Date(date));
}
