import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { serviceOrderLines, serviceOrderPayments, serviceOrderStatusEvents, serviceOrders } from "~/db/schema/service-orders";
import { cpfCheckDigits } from "~/modules/customers/document";
import { imeiCheckDigit } from "~/modules/service-orders/imei";
import { PUBLIC_TRACKING_ACTOR } from "~/modules/service-orders/public-tracking.server";
import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import { generateTrackingCode } from "~/modules/service-orders/tracking-code";
import type { ConditionKey, DeviceType, PaymentMethod } from "~/modules/service-orders/validation";

/**
 * Fictional customers and service orders for the demo seed, the large data
 * set (`npm run db:seed -- --scale=100000`) and the tests. Everything is
 * drawn from a seeded generator, so a seed gives the same data every time
 * (tracking codes excepted: they come from the app's own generator). Names,
 * phones and CPFs look real and pass the checks, but belong to nobody.
 */

export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: small, fast and good enough for fake data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}

const FIRST_NAMES = [
  "Ana",
  "Maria",
  "Juliana",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Camila",
  "Bruna",
  "Amanda",
  "Letícia",
  "Mariana",
  "Beatriz",
  "Larissa",
  "Gabriela",
  "Vanessa",
  "Tatiane",
  "Renata",
  "Simone",
  "Cláudia",
  "Luciana",
  "Débora",
  "Raquel",
  "Sônia",
  "Helena",
  "José",
  "João",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luiz",
  "Marcos",
  "Luís",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Marcelo",
  "Bruno",
  "Eduardo",
  "Felipe",
  "Rodrigo",
  "Gustavo",
  "Thiago",
  "Leonardo",
  "Mateus",
  "Vinícius",
  "Diego",
  "Igor",
  "Caio",
  "Otávio",
  "Wellington",
  "Rogério",
  "Sérgio",
  "Fábio",
  "Cristiane",
  "Elaine",
  "Priscila",
  "Jéssica",
] as const;

const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Pinto",
  "Cavalcanti",
  "Monteiro",
  "Moura",
  "Correia",
  "Batista",
  "Campos",
  "Castro",
  "Reis",
] as const;

/** Area codes (DDD) in use, with a city of that area for the address. */
const AREAS = [
  { ddd: "11", city: "São Paulo", state: "SP", cep: "01" },
  { ddd: "11", city: "Guarulhos", state: "SP", cep: "07" },
  { ddd: "11", city: "Osasco", state: "SP", cep: "06" },
  { ddd: "11", city: "Santo André", state: "SP", cep: "09" },
  { ddd: "13", city: "Santos", state: "SP", cep: "11" },
  { ddd: "19", city: "Campinas", state: "SP", cep: "13" },
  { ddd: "21", city: "Rio de Janeiro", state: "RJ", cep: "20" },
  { ddd: "31", city: "Belo Horizonte", state: "MG", cep: "30" },
  { ddd: "41", city: "Curitiba", state: "PR", cep: "80" },
  { ddd: "51", city: "Porto Alegre", state: "RS", cep: "90" },
  { ddd: "61", city: "Brasília", state: "DF", cep: "70" },
  { ddd: "71", city: "Salvador", state: "BA", cep: "40" },
  { ddd: "81", city: "Recife", state: "PE", cep: "50" },
  { ddd: "85", city: "Fortaleza", state: "CE", cep: "60" },
] as const;

const STREETS = [
  "Rua das Flores",
  "Rua São José",
  "Avenida Brasil",
  "Rua Sete de Setembro",
  "Rua XV de Novembro",
  "Avenida Paulista",
  "Rua Tiradentes",
  "Rua Dom Pedro II",
  "Rua Santos Dumont",
  "Avenida Getúlio Vargas",
  "Rua da Independência",
  "Rua Bela Vista",
  "Rua das Palmeiras",
  "Rua Castro Alves",
  "Avenida das Nações",
  "Rua Marechal Deodoro",
  "Rua Barão do Rio Branco",
] as const;

const DISTRICTS = [
  "Centro",
  "Vila Nova",
  "Jardim América",
  "Santa Cruz",
  "Boa Vista",
  "São João",
  "Vila Mariana",
  "Liberdade",
  "Industrial",
] as const;

type DeviceCatalogEntry = {
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

type Repair = {
  defect: string;
  service: string;
  serviceCents: [number, number];
  part?: { description: string; cents: [number, number] };
};

const REPAIRS: Record<DeviceType, readonly Repair[]> = {
  phone: [
    {
      defect: "Tela quebrada após queda, touch falhando",
      service: "Troca de tela",
      serviceCents: [8000, 15000],
      part: { description: "Tela compatível (display + touch)", cents: [12000, 65000] },
    },
    {
      defect: "Bateria descarrega muito rápido e esquenta",
      service: "Troca de bateria",
      serviceCents: [5000, 9000],
      part: { description: "Bateria", cents: [6000, 25000] },
    },
    {
      defect: "Não carrega, precisa mexer no cabo",
      service: "Troca do conector de carga",
      serviceCents: [6000, 12000],
      part: { description: "Conector de carga", cents: [2000, 8000] },
    },
    { defect: "Caiu na água e não liga", service: "Limpeza química e recuperação de placa", serviceCents: [15000, 35000] },
    {
      defect: "Câmera traseira embaçada",
      service: "Troca da lente da câmera",
      serviceCents: [5000, 10000],
      part: { description: "Lente da câmera", cents: [1500, 6000] },
    },
    {
      defect: "Alto-falante sem som nas ligações",
      service: "Troca do alto-falante auricular",
      serviceCents: [5000, 9000],
      part: { description: "Alto-falante", cents: [2000, 5000] },
    },
    { defect: "Travando e reiniciando sozinho", service: "Reinstalação do sistema com backup", serviceCents: [8000, 15000] },
  ],
  tablet: [
    {
      defect: "Vidro trincado",
      service: "Troca do touch",
      serviceCents: [10000, 18000],
      part: { description: "Touch screen", cents: [15000, 40000] },
    },
    {
      defect: "Não segura carga",
      service: "Troca de bateria",
      serviceCents: [8000, 12000],
      part: { description: "Bateria", cents: [12000, 30000] },
    },
  ],
  notebook: [
    { defect: "Muito lento e esquentando", service: "Limpeza interna e troca de pasta térmica", serviceCents: [12000, 20000] },
    {
      defect: "Lento, demora para ligar",
      service: "Instalação de SSD e migração do sistema",
      serviceCents: [10000, 15000],
      part: { description: "SSD 480 GB", cents: [20000, 35000] },
    },
    {
      defect: "Teclado com teclas falhando",
      service: "Troca do teclado",
      serviceCents: [8000, 12000],
      part: { description: "Teclado ABNT2", cents: [12000, 30000] },
    },
    {
      defect: "Tela com listras",
      service: "Troca da tela",
      serviceCents: [10000, 15000],
      part: { description: 'Tela 15,6"', cents: [35000, 70000] },
    },
    { defect: "Dobradiça quebrada", service: "Reparo da carcaça e dobradiças", serviceCents: [15000, 30000] },
  ],
  computer: [
    { defect: "Não dá vídeo", service: "Diagnóstico e reparo de placa-mãe", serviceCents: [15000, 40000] },
    {
      defect: "Desliga sozinho",
      service: "Troca da fonte",
      serviceCents: [5000, 8000],
      part: { description: "Fonte 500 W", cents: [25000, 45000] },
    },
    { defect: "Formatação com backup", service: "Formatação e backup", serviceCents: [10000, 15000] },
  ],
  printer: [
    { defect: "Puxando papel torto e manchando", service: "Limpeza e manutenção preventiva", serviceCents: [12000, 18000] },
  ],
  console: [
    { defect: "Desligando por superaquecimento", service: "Limpeza interna e pasta térmica", serviceCents: [15000, 25000] },
    {
      defect: "Controle com analógico puxando",
      service: "Troca do analógico do controle",
      serviceCents: [6000, 9000],
      part: { description: "Módulo analógico", cents: [2000, 5000] },
    },
  ],
  watch: [{ defect: "Vidro trincado", service: "Troca do vidro", serviceCents: [15000, 30000] }],
  other: [{ defect: "Não liga", service: "Diagnóstico e reparo", serviceCents: [8000, 20000] }],
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
const PAYMENT_METHOD_KEYS: readonly PaymentMethod[] = ["pix", "pix", "pix", "cash", "debit", "credit", "credit"];

function pad(value: number, length: number) {
  return String(value).padStart(length, "0");
}

function removeAccents(text: string) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

export function fakeCpf(random: Random) {
  let firstNine = "";
  do firstNine = pad(random.int(1, 999_999_998), 9);
  while (/^(.)\1+$/.test(firstNine));
  return `${firstNine}${cpfCheckDigits(firstNine)}`;
}

/** A 15-digit IMEI with a right Luhn digit; 35 is a real reporting body prefix. */
export function fakeImei(random: Random) {
  const first14 = `35${pad(random.int(0, 999_999), 6)}${pad(random.int(0, 999_999), 6)}`;
  return `${first14}${imeiCheckDigit(first14)}`;
}

/** An 11-digit mobile: area code, 9, then eight digits (never starting with 0 or 1). */
export function fakeMobile(random: Random, ddd: string) {
  return `${ddd}9${random.int(6, 9)}${pad(random.int(0, 9_999_999), 7)}`;
}

export type CustomerRow = Omit<typeof customers.$inferInsert, "id">;

export function buildCustomer(random: Random, { createdAt = new Date(), serial = random.int(1, 9999) } = {}): CustomerRow {
  const first = random.pick(FIRST_NAMES);
  const surname1 = random.pick(SURNAMES);
  const surname2 = random.pick(SURNAMES);
  const name = random.chance(0.7) ? `${first} ${surname1} ${surname2}` : `${first} ${surname2}`;
  const area = random.pick(AREAS);
  const hasEmail = random.chance(0.55);
  const consents = random.chance(0.35);
  const emailName = removeAccents(`${first}.${surname2}`).toLowerCase();
  return {
    name,
    phone: fakeMobile(random, area.ddd),
    document: random.chance(0.7) ? fakeCpf(random) : null,
    email: hasEmail ? `${emailName}${serial}@cliente.example` : "",
    cep: `${area.cep}${pad(random.int(0, 999_999), 6)}`,
    address: random.chance(0.8) ? `${random.pick(STREETS)}, ${random.int(1, 2999)}` : "",
    district: random.pick(DISTRICTS),
    city: area.city,
    state: area.state,
    marketingConsent: consents,
    marketingConsentAt: consents ? createdAt : null,
    notes: "",
    createdAt,
    updatedAt: createdAt,
  };
}

export type ServiceOrderPlan = {
  order: Omit<typeof serviceOrders.$inferInsert, "id" | "customerId" | "trackingCode">;
  lines: Omit<typeof serviceOrderLines.$inferInsert, "id" | "orderId">[];
  payments: Omit<typeof serviceOrderPayments.$inferInsert, "id" | "orderId">[];
  events: Omit<typeof serviceOrderStatusEvents.$inferInsert, "id" | "orderId">[];
};

/** How an order ends, if nothing stops it before "now". */
type Outcome = "repaired" | "repaired-with-part-wait" | "declined" | "not-repairable" | "cancelled" | "abandoned";

const OUTCOME_WEIGHTS: [Outcome, number][] = [
  ["repaired", 60],
  ["repaired-with-part-wait", 20],
  ["declined", 9],
  ["not-repairable", 6],
  ["cancelled", 4.5],
  // Rare, but every shop has a few devices nobody comes back for.
  ["abandoned", 0.5],
];

const PATHS: Record<Outcome, readonly ServiceOrderStatus[]> = {
  repaired: ["received", "diagnosing", "awaiting_approval", "approved", "repairing", "ready", "delivered"],
  "repaired-with-part-wait": [
    "received",
    "diagnosing",
    "awaiting_approval",
    "approved",
    "awaiting_part",
    "repairing",
    "ready",
    "delivered",
  ],
  declined: ["received", "diagnosing", "awaiting_approval", "declined", "delivered"],
  "not-repairable": ["received", "diagnosing", "not_repairable", "delivered"],
  cancelled: ["received", "diagnosing", "cancelled"],
  abandoned: ["received", "diagnosing", "awaiting_approval", "approved", "repairing", "ready"],
};

/** Hours a step takes, by the status it reaches. */
const STEP_HOURS: Record<ServiceOrderStatus, [number, number]> = {
  received: [0, 0],
  diagnosing: [1, 30],
  awaiting_approval: [2, 48],
  approved: [1, 72],
  declined: [1, 96],
  awaiting_part: [1, 12],
  repairing: [1, 24],
  ready: [3, 96],
  delivered: [2, 400],
  cancelled: [1, 72],
  not_repairable: [4, 72],
};
/** A part ordered from a supplier takes days. */
const PART_WAIT_HOURS: [number, number] = [48, 360];

/** The path to a status a demo wants to show, the usual way there. */
function pathTo(status: ServiceOrderStatus, random: Random): readonly ServiceOrderStatus[] {
  const find = (outcome: Outcome) => PATHS[outcome].slice(0, PATHS[outcome].indexOf(status) + 1);
  if (status === "awaiting_part") return find("repaired-with-part-wait");
  if (status === "declined") return find("declined");
  if (status === "not_repairable") return find("not-repairable");
  if (status === "cancelled") return random.chance(0.5) ? ["received", "cancelled"] : PATHS.cancelled;
  if (status === "delivered")
    return PATHS[random.pick<Outcome>(["repaired", "repaired", "repaired", "declined", "not-repairable"])];
  return find(random.chance(0.25) ? "repaired-with-part-wait" : "repaired");
}

function pickOutcome(random: Random): Outcome {
  const total = OUTCOME_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random.next() * total;
  for (const [outcome, weight] of OUTCOME_WEIGHTS) {
    draw -= weight;
    if (draw < 0) return outcome;
  }
  return "repaired";
}

function pickDevice(random: Random) {
  const weighted = DEVICES.map((entry) => ({
    entry,
    weight: DEVICE_WEIGHTS[entry.type] / DEVICES.filter((other) => other.type === entry.type).length,
  }));
  let draw = random.next() * weighted.reduce((sum, item) => sum + item.weight, 0);
  for (const item of weighted) {
    draw -= item.weight;
    if (draw < 0) return item.entry;
  }
  return DEVICES[0]!;
}

function roundToTen(cents: number) {
  return Math.round(cents / 1000) * 1000;
}

export type PlanOptions = {
  /** When the device came in. */
  createdAt: Date;
  /** Nothing happens after this instant: an order whose path is longer stops where it is. */
  now: Date;
  /** A status to end at (demo seed, tests); otherwise an outcome is drawn and cut at `now`. */
  status?: ServiceOrderStatus;
  /** Staff who work on orders: technician and who moved each status. */
  staff: readonly { userId: string | null; label: string }[];
  warrantyDays?: number;
};

/** One order's whole story: the row, its quote lines, payments and the timeline, consistent with the state machine. */
export function planServiceOrder(random: Random, options: PlanOptions): ServiceOrderPlan {
  const { createdAt, now } = options;
  const device = pickDevice(random);
  const repair = random.pick(REPAIRS[device.type]);
  let path: readonly ServiceOrderStatus[];
  if (options.status) path = pathTo(options.status, random);
  else path = PATHS[pickOutcome(random)];

  // Times of each step; a forced status is squeezed in between creation and now.
  const hours = path.map((status, index) => {
    if (index === 0) return 0;
    const [min, max] = status === "repairing" && path[index - 1] === "awaiting_part" ? PART_WAIT_HOURS : STEP_HOURS[status];
    return random.int(min * 60, max * 60) / 60;
  });
  const totalHours = hours.reduce((sum, value) => sum + value, 0);
  const availableHours = (now.getTime() - createdAt.getTime()) / 3_600_000;
  const scale = options.status && totalHours > availableHours * 0.95 ? (availableHours * 0.95) / Math.max(totalHours, 1e-6) : 1;
  const times: Date[] = [];
  let elapsedMs = 0;
  for (const stepHours of hours) {
    elapsedMs += stepHours * scale * 3_600_000;
    times.push(new Date(createdAt.getTime() + Math.round(elapsedMs)));
  }
  let reached = times.findLastIndex((time) => time.getTime() <= now.getTime());
  if (reached < 0) reached = 0;
  const steps = path.slice(0, reached + 1);
  const status = steps.at(-1)!;
  const statusChangedAt = times[reached]!;

  const technician = random.pick(options.staff);
  const hasQuote = steps.includes("awaiting_approval");
  const isDeclined = steps.includes("declined");
  const lines: ServiceOrderPlan["lines"] = [];
  if (hasQuote && !isDeclined) {
    lines.push({
      position: 0,
      kind: "service",
      description: repair.service,
      quantity: 1,
      unitPriceCents: roundToTen(random.int(...repair.serviceCents)),
    });
    if (repair.part) {
      lines.push({
        position: 1,
        kind: "part",
        description: repair.part.description,
        quantity: 1,
        unitPriceCents: roundToTen(random.int(...repair.part.cents)),
      });
    }
    if (random.chance(0.12))
      lines.push({ position: lines.length, kind: "part", description: "Película de vidro", quantity: 1, unitPriceCents: 3000 });
  } else if (isDeclined && random.chance(0.5)) {
    // A declined quote leaves only the diagnosis fee some shops charge.
    lines.push({
      position: 0,
      kind: "service",
      description: "Diagnóstico (orçamento recusado)",
      quantity: 1,
      unitPriceCents: 5000,
    });
  }
  const linesTotalCents = lines.reduce((sum, line) => sum + (line.quantity ?? 1) * line.unitPriceCents, 0);
  const discountCents =
    linesTotalCents > 20000 && !isDeclined && random.chance(0.15)
      ? Math.min(linesTotalCents, random.pick([1000, 2000, 5000]))
      : 0;
  const totalCents = linesTotalCents - discountCents;

  const payments: ServiceOrderPlan["payments"] = [];
  const approvedIndex = steps.indexOf("approved");
  if (approvedIndex >= 0 && totalCents > 0 && random.chance(0.3)) {
    payments.push({
      method: random.pick(PAYMENT_METHOD_KEYS),
      amountCents: Math.max(1000, roundToTen(totalCents * 0.4)),
      isDeposit: true,
      paidAt: times[approvedIndex]!,
      note: "Sinal",
      receivedByUserId: technician.userId,
      createdAt: times[approvedIndex]!,
    });
  }
  const deliveredIndex = steps.indexOf("delivered");
  const isOwedAtDelivery = deliveredIndex >= 0 && random.chance(0.05);
  if (deliveredIndex >= 0 && !isOwedAtDelivery) {
    const paidSoFar = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    if (totalCents - paidSoFar > 0) {
      payments.push({
        method: random.pick(PAYMENT_METHOD_KEYS),
        amountCents: totalCents - paidSoFar,
        isDeposit: false,
        paidAt: times[deliveredIndex]!,
        note: "",
        receivedByUserId: technician.userId,
        createdAt: times[deliveredIndex]!,
      });
    }
  }
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);

  const events: ServiceOrderPlan["events"] = steps.map((stepStatus, index) => {
    // A fifth of quotes are answered by the customer on /consultar.
    const isCustomerDecision = (stepStatus === "approved" || stepStatus === "declined") && random.chance(0.2);
    const actor = isCustomerDecision
      ? { userId: PUBLIC_TRACKING_ACTOR.userId, label: PUBLIC_TRACKING_ACTOR.label }
      : random.pick(options.staff);
    return {
      fromStatus: index === 0 ? null : steps[index - 1]!,
      toStatus: stepStatus,
      actorUserId: actor.userId,
      actorLabel: actor.label,
      note: "",
      createdAt: times[index]!,
    };
  });

  const promisedDate = new Date(createdAt.getTime() + random.int(2, 10) * 86_400_000).toISOString().slice(0, 10);
  const deliveredAt = deliveredIndex >= 0 ? times[deliveredIndex]! : null;
  const brandModel = random.pick(device.models);
  return {
    order: {
      status,
      statusChangedAt,
      deviceType: device.type,
      brand: device.brand,
      model: brandModel,
      imeiOrSerial: device.hasImei
        ? fakeImei(random)
        : random.chance(0.6)
          ? `${device.brand.slice(0, 2).toUpperCase()}${pad(random.int(0, 99_999_999), 8)}`
          : "",
      color: random.pick(COLORS),
      accessories: random.pick(ACCESSORIES),
      conditionChecklist: CHECKLIST_KEYS.filter(() => random.chance(0.6)),
      conditionNotes: random.chance(0.2) ? "Riscos leves na traseira." : "",
      unlockKind: null,
      unlockSecret: null,
      reportedDefect: repair.defect,
      diagnosis: hasQuote ? `${repair.service} necessária.` : "",
      technicianUserId: technician.userId,
      linesTotalCents,
      discountCents,
      paidCents,
      promisedDate,
      warrantyDays: options.warrantyDays ?? 90,
      notes: "",
      quoteDecidedAt: times[steps.findIndex((step) => step === "approved" || step === "declined")] ?? null,
      deliveredAt,
      deliveredTo: deliveredAt
        ? random.chance(0.85)
          ? "O próprio cliente"
          : `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)} (autorizado)`
        : null,
      owedAtDeliveryCents: isOwedAtDelivery ? Math.max(0, totalCents - paidCents) : 0,
      createdByUserId: technician.userId,
      createdAt,
      updatedAt: statusChangedAt,
    },
    lines,
    payments,
    events,
  };
}

type Writer = Database | Transaction;

type SeededTable =
  | typeof customers
  | typeof serviceOrders
  | typeof serviceOrderLines
  | typeof serviceOrderPayments
  | typeof serviceOrderStatusEvents;

/** One value inside a PostgreSQL array literal ('{"a","b",NULL}'). */
function arrayElement(value: unknown) {
  if (value === null || value === undefined) return "NULL";
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === "object"
        ? JSON.stringify(value)
        : typeof value === "boolean"
          ? value
            ? "t"
            : "f"
          : String(value);
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** Rows per statement: with one array per column, the statement's size is bounded by memory, not by parameters. */
const ROWS_PER_STATEMENT = 5_000;

/**
 * Many rows in one INSERT … SELECT FROM unnest(): one parameter per column
 * (an array literal) instead of one per value. Building and parsing a
 * VALUES list of thousands of rows costs more than inserting them, on
 * PGlite especially; this keeps the large seed within minutes.
 */
async function insertRows(writer: Writer, table: SeededTable, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter((key) => key in columns);
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(", ");
  const types = keys.map((key) => columns[key]!.getSQLType().replace(/^serial$/, "integer"));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays = keys.map(
      (key, index) => sql`${`{${chunk.map((row) => arrayElement(row[key])).join(",")}}`}::${sql.raw(types[index]!)}[]`,
    );
    await writer.execute(sql`insert into ${table} (${sql.raw(names)}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/** Ids drawn from a table's own sequence, so rows inserted later by the app never collide with them. */
export async function nextIds(writer: Writer, table: "customers" | "service_orders", count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await writer.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return (result.rows as { id: number }[]).map((row) => Number(row.id));
}

/** Many customers in a few multi-row statements; returns their ids in the same order. */
export async function insertCustomers(writer: Writer, rows: CustomerRow[]) {
  const ids = await nextIds(writer, "customers", rows.length);
  await insertRows(
    writer,
    customers,
    rows.map((row, index) => ({ id: ids[index]!, ...row })),
  );
  return ids;
}

/**
 * Many orders with their lines, payments and timelines. Tracking codes come
 * from the app's generator; `takenCodes` (codes already in the table) keeps
 * a second large seed from colliding with the first.
 */
export async function insertServiceOrderPlans(
  writer: Writer,
  plans: { customerId: number; plan: ServiceOrderPlan; trackingCode?: string }[],
  takenCodes: Set<string> = new Set(),
) {
  const ids = await nextIds(writer, "service_orders", plans.length);
  const orderRows = plans.map(({ customerId, plan, trackingCode }, index) => {
    let code = trackingCode ?? generateTrackingCode();
    while (takenCodes.has(code)) code = generateTrackingCode();
    takenCodes.add(code);
    return { id: ids[index]!, customerId, trackingCode: code, ...plan.order };
  });
  await insertRows(writer, serviceOrders, orderRows);
  const withId = <T>(rowsOf: (plan: ServiceOrderPlan) => T[]) =>
    plans.flatMap(({ plan }, index) => rowsOf(plan).map((row) => ({ orderId: ids[index]!, ...row })));
  await insertRows(
    writer,
    serviceOrderLines,
    withId((plan) => plan.lines),
  );
  await insertRows(
    writer,
    serviceOrderPayments,
    withId((plan) => plan.payments),
  );
  await insertRows(
    writer,
    serviceOrderStatusEvents,
    withId((plan) => plan.events),
  );
  return orderRows.map((row) => ({ id: row.id, trackingCode: row.trackingCode }));
}

/** For tests: one customer, with overrides (a known name and phone to look for in responses). */
export async function createTestCustomer(writer: Writer, overrides: Partial<CustomerRow> = {}, seed = Date.now()) {
  const random = createRandom(seed);
  const row = { ...buildCustomer(random), ...overrides };
  const [id] = await insertCustomers(writer, [row]);
  return { id: id!, ...row };
}

/** For tests: one order of `customerId` at a given status, with a consistent story behind it. */
export async function createTestServiceOrder(
  writer: Writer,
  {
    customerId,
    status,
    seed = Date.now(),
    createdAt = new Date(Date.now() - 10 * 86_400_000),
    overrides = {},
  }: {
    customerId: number;
    status: ServiceOrderStatus;
    seed?: number;
    createdAt?: Date;
    overrides?: Partial<ServiceOrderPlan["order"]>;
  },
) {
  const random = createRandom(seed);
  const plan = planServiceOrder(random, {
    createdAt,
    now: new Date(),
    status,
    staff: [{ userId: null, label: "tecnico@balcao.example" }],
  });
  plan.order = { ...plan.order, ...overrides };
  const [created] = await insertServiceOrderPlans(writer, [{ customerId, plan }]);
  return { ...created!, plan };
}
