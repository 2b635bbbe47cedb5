import type { Transaction } from "~/db/client.server";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { documentKind, DOCUMENT_LABELS } from "~/modules/customers/document";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import {
  getShopLogo,
  getShopSettings,
  readShopLogoInTx,
  readShopSettingsInTx,
  type ShopSettings,
} from "~/modules/shop-settings/queries.server";

/** Who heads a document about a demo row: the demo's fictional shop, never the real one (decision 0014). */
const DEMO_IDENTITY = {
  name: DEMO_SHOP_SETTINGS.name,
  legalName: DEMO_SHOP_SETTINGS.legalName,
  cnpj: DEMO_SHOP_SETTINGS.cnpj,
  address: DEMO_SHOP_SETTINGS.address,
  city: DEMO_SHOP_SETTINGS.city,
  state: DEMO_SHOP_SETTINGS.state,
  cep: DEMO_SHOP_SETTINGS.cep,
  whatsapp: DEMO_SHOP_SETTINGS.whatsapp,
  email: DEMO_SHOP_SETTINGS.email,
};

/** What a document is about: a row the demo seed made (`is_demo`) or one of the shop's own. */
export type DocumentSubject = { isDemo: boolean };
const SHOPS_OWN: DocumentSubject = { isDemo: false };

/**
 * The shop as documents head it (the `loja` of every template); the logo as
 * its PNG (printers and PDF viewers read it, not always WebP). A document
 * about a demo row is fiction whatever the settings say: it names the demo's
 * shop, without the real logo, and is marked "DEMONSTRAÇÃO" until the demo
 * rows are removed, so the real CNPJ never vouches for an order that did
 * not happen.
 */
function shopData(settings: ShopSettings, logo: UploadedImage | null, subject: DocumentSubject) {
  const shop = subject.isDemo ? { ...settings, ...DEMO_IDENTITY } : settings;
  return {
    nome: shop.name,
    razao_social: shop.legalName,
    cnpj: shop.cnpj,
    // The column holds a CNPJ or, for a shop run by one person, a CPF.
    documento_rotulo: DOCUMENT_LABELS[documentKind(shop.cnpj) ?? "cnpj"],
    logo_url: subject.isDemo ? null : (logo?.share.url ?? null),
    endereco: shop.address,
    cidade: shop.city,
    uf: shop.state,
    cep: shop.cep,
    whatsapp: shop.whatsapp,
    email: shop.email,
    /** The fictional identity of the demo: the document is marked "DEMONSTRAÇÃO" (render.server.ts). */
    demonstracao: subject.isDemo || settings.detailsConfirmedAt === null,
  };
}

/** The shop as every printed document about `subject` heads it now (the `loja` of the templates); a sale's receipt uses it too. */
export async function currentShopData(subject: DocumentSubject = SHOPS_OWN) {
  const [settings, logo] = await Promise.all([getShopSettings(), getShopLogo()]);
  return shopData(settings, logo, subject);
}

/** The shop as a document about `subject` issued inside a transaction heads it (a crediário contract, modules/credit). */
export async function readShopDataInTx(tx: Transaction, subject: DocumentSubject = SHOPS_OWN) {
  const settings = await readShopSettingsInTx(tx);
  return shopData(settings, await readShopLogoInTx(tx, settings), subject);
}
