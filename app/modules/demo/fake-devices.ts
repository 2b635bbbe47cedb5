import { imeiCheckDigit } from "~/lib/imei";
import type { ConditionKey, DeviceType } from "~/modules/service-orders/validation";
import { pickWeighted, randomDigits, type Random } from "./random";

/** The devices a phone and computer shop sees, and how they come in. */
export type DeviceCatalogEntry = {
  type: DeviceType;
  brand: string;
  models: readonly string[];
  hasImei: boolean;
};

const DEVICES: readonly DeviceCatalogEntry[] = [
  {
    type: "phone",
    brand: "Samsung",
    models: ["Galaxy A54", "Galaxy A34", "Galaxy A15", "Galaxy S23", "Galaxy S21 FE", "Galaxy M54", "Galaxy A05s"],
    hasImei: true,
  },
  {
    type: "phone",
    brand: "Motorola",
    models: ["Moto G84", "Moto G54", "Moto G32", "Edge 40", "Moto E22", "Moto G73"],
    hasImei: true,
  },
  {
    type: "phone",
    brand: "Apple",
    models: ["iPhone 11", "iPhone 12", "iPhone 13", "iPhone 14", "iPhone XR", "iPhone 15"],
    hasImei: true,
  },
  {
    type: "phone",
    brand: "Xiaomi",
    models: ["Redmi Note 12", "Redmi Note 13", "Redmi 12C", "Poco X5", "Poco X6 Pro"],
    hasImei: true,
  },
  { type: "tablet", brand: "Samsung", models: ["Galaxy Tab A8", "Galaxy Tab S6 Lite", "Galaxy Tab A9"], hasImei: false },
  { type: "tablet", brand: "Apple", models: ["iPad 9ª geração", "iPad Air 4", "iPad 10ª geração"], hasImei: false },
  { type: "notebook", brand: "Dell", models: ["Inspiron 15 3520", "Vostro 3510", "Latitude 5420"], hasImei: false },
  { type: "notebook", brand: "Lenovo", models: ["IdeaPad 3", "ThinkPad E14", "IdeaPad Gaming 3"], hasImei: false },
  { type: "notebook", brand: "Acer", models: ["Aspire 5", "Nitro 5", "Aspire 3"], hasImei: false },
  { type: "computer", brand: "Montado", models: ["Desktop Ryzen 5", "Desktop Core i5", "Gabinete gamer"], hasImei: false },
  { type: "printer", brand: "Epson", models: ["EcoTank L3250", "EcoTank L4260"], hasImei: false },
  { type: "console", brand: "Sony", models: ["PlayStation 4", "PlayStation 5"], hasImei: false },
  { type: "watch", brand: "Apple", models: ["Apple Watch SE", "Apple Watch Series 7"], hasImei: false },
];

/** Weights: most of a phone shop's work is phones. */
const DEVICE_WEIGHTS: Record<DeviceType, number> = {
  phone: 70,
  tablet: 7,
  notebook: 12,
  computer: 4,
  printer: 3,
  console: 3,
  watch: 1,
  other: 0,
};

const COLORS = ["Preto", "Branco", "Azul", "Grafite", "Prata", "Verde", "Rosa", "Dourado", "Roxo"] as const;
const ACCESSORIES = [
  "",
  "",
  "",
  "Capinha",
  "Capinha e película",
  "Carregador",
  "Carregador e cabo",
  "Chip da operadora",
  "Mochila",
  "Controle",
] as const;
const CHECKLIST_KEYS: readonly ConditionKey[] = [
  "turns-on",
  "charges",
  "screen-works",
  "camera-works",
  "buttons-work",
  "wifi-works",
  "sound-works",
  "sim-tray",
];

export function pickDevice(random: Random) {
  return pickWeighted(
    random,
    DEVICES.map(
      (entry) => [entry, DEVICE_WEIGHTS[entry.type] / DEVICES.filter((other) => other.type === entry.type).length] as const,
    ),
  );
}

/** A 15-digit IMEI with a right Luhn digit; 35 is a real reporting body prefix. */
export function fakeImei(random: Random) {
  const first14 = `35${randomDigits(random, 6)}${randomDigits(random, 6)}`;
  return `${first14}${imeiCheckDigit(first14)}`;
}

/** A phone's IMEI; most other devices a serial number, some none the clerk could read. */
export function fakeImeiOrSerial(random: Random, device: DeviceCatalogEntry) {
  if (device.hasImei) return fakeImei(random);
  return random.chance(0.6) ? `${device.brand.slice(0, 2).toUpperCase()}${randomDigits(random, 8)}` : "";
}

/** What the clerk notes when the device comes in: model, IMEI or serial, colour, what was left with it, its condition. */
export function describeDevice(random: Random, device: DeviceCatalogEntry) {
  return {
    model: random.pick(device.models),
    imeiOrSerial: fakeImeiOrSerial(random, device),
    color: random.pick(COLORS),
    accessories: random.pick(ACCESSORIES),
    conditionChecklist: CHECKLIST_KEYS.filter(() => random.chance(0.6)),
    conditionNotes: random.chance(0.2) ? "Riscos leves na traseira." : "",
  };
}
