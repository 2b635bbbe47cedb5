import { Camera, Minus, Plus, ScanBarcode, Trash2 } from "lucide-react";
import { SaleCreditTerms, type SaleCreditContext } from "~/modules/credit/components/sale-credit-terms";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage, inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { cx } from "~/lib/class-names";
import type { FieldErrors } from "~/lib/errors";
import { centsToInput, formatCents, parseMoneyToCents } from "~/lib/money";
import { CustomerPicker, type CustomerSummary } from "~/modules/customers/components/customer-picker";
import type { SaleProductHit, SaleProductSearch } from "../product-search.server";
import { PixDiscountNotice } from "~/modules/pix/components/pix-discount-notice";
import { pixDiscountFor } from "~/modules/pix/pix-discount";
import { levelDiscountOffer } from "~/modules/loyalty/level-discount";
import type { LoyaltyLevel } from "~/modules/loyalty/rules";
import {
  computeSaleTotals,
  offersPixPrice,
  MAX_CARD_INSTALMENTS,
  SALE_PAYMENT_LABELS,
  SALE_PAYMENT_METHODS,
  type SalePaymentMethod,
} from "../sale-totals";

/** The product lookup the screen asks as the clerk types, scans or photographs a code. */
export const SALE_PRODUCTS_PATH = "/cash-register/venda/produtos";
const DEBOUNCE_MS = 200;
/**
 * A keyboard-wedge scanner types a whole code and Enter in a burst. Keys
 * typed outside any field mean nothing else on this screen, so a run of them
 * ending in Enter is read as a code; a pause this long starts a new one. A
 * tighter gap (50 ms) lost the first digits whenever the browser was busy
 * between two keys of the burst.
 */
const SCANNER_KEY_GAP_MS = 500;
const MIN_SCANNED_LENGTH = 4;

/** A customer's loyalty level as the sale screen's loader gives it (null: no level or programme off). */
type SaleLoyaltyLevel = LoyaltyLevel & { label: string; points: number };

type CartItem = {
  key: string;
  productId: number;
  unitId: number | null;
  name: string;
  serial: string | null;
  priceCents: number;
  isService: boolean;
  stock: number;
  quantity: string;
  discount: string;
};

type PaymentRow = { key: string; method: SalePaymentMethod; amount: string; tendered: string; instalments: string };

let nextKey = 0;
const newKey = () => `k${++nextKey}`;

const moneyOf = (text: string) => (text.trim() === "" ? 0 : (parseMoneyToCents(text) ?? 0));
const quantityOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : 0);

function isTypingTarget(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

type BarcodeDetectorLike = { detect: (image: ImageBitmapSource) => Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = new () => BarcodeDetectorLike;

const noSubscription = () => () => undefined;
/** Only where the browser reads barcodes itself (Chrome on Android, among others): elsewhere the camera button would do nothing. */
const hasBarcodeDetector = () => barcodeDetectorClass() !== null;

function barcodeDetectorClass(): BarcodeDetectorClass | null {
  const candidate: unknown = Reflect.get(globalThis, "BarcodeDetector");
  return typeof candidate === "function" ? (candidate as BarcodeDetectorClass) : null;
}

/**
 * The sale screen: find products by name, SKU or barcode (typed, scanned
 * by a keyboard-wedge reader, or read by the camera where the browser has
 * BarcodeDetector), the cart with quantities and discounts, the customer,
 * the payments and the change. The totals shown are the browser's estimate
 * from sale-totals.ts; the server recomputes them from its own prices and
 * refuses the sale when they differ.
 */
export function SaleScreen({
  idempotencyKey,
  defaultCustomer,
  storeCreditCents,
  isRegisterOpen,
  pixDiscountBasisPoints,
  pixUnavailableMessage,
  creditContext,
  defaultLoyaltyLevel = null,
  errors,
}: {
  idempotencyKey: string;
  defaultCustomer: CustomerSummary | null;
  /** The loyalty level of the customer named ahead (?cliente=); a customer picked here has theirs loaded. */
  defaultLoyaltyLevel?: SaleLoyaltyLevel | null;
  storeCreditCents: number;
  isRegisterOpen: boolean;
  /** The shop's "% de desconto no PIX": shown before paying, applied when the whole sale is paid by PIX. */
  pixDiscountBasisPoints: number;
  /** Why PIX cannot be taken (no key of the shop's own yet), or null. */
  pixUnavailableMessage: string | null;
  /** The crediário's limits and charges: a crediário payment shows its terms and disclosure before the sale. */
  creditContext: SaleCreditContext;
  errors: FieldErrors;
}) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [discount, setDiscount] = useState("");
  const [payments, setPayments] = useState<PaymentRow[]>([
    { key: newKey(), method: "cash", amount: "", tendered: "", instalments: "1" },
  ]);
  const [notice, setNotice] = useState("");
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  // The chosen customer's loyalty level: its discount is offered on the service items, applied with one tap,
  // computed here with the loyalty module's arithmetic and again by the server, which checks the level itself.
  const levelFetcher = useFetcher<{ loyaltyLevel: SaleLoyaltyLevel | null }>();
  const [levelCustomerId, setLevelCustomerId] = useState<number | null>(defaultCustomer?.id ?? null);
  const [isLoyaltyApplied, setLoyaltyApplied] = useState(false);
  const loyaltyLevel =
    levelCustomerId === null
      ? null
      : levelCustomerId === (defaultCustomer?.id ?? null)
        ? defaultLoyaltyLevel
        : (levelFetcher.data?.loyaltyLevel ?? null);
  const chooseCustomer = (customer: CustomerSummary | null) => {
    setLoyaltyApplied(false);
    setLevelCustomerId(customer?.id ?? null);
    if (customer && customer.id !== defaultCustomer?.id) {
      void levelFetcher.load(`/cash-register/venda?cliente=${customer.id}`);
    }
  };

  const { totals } = computeSaleTotals({
    lines: items.map((item) => ({
      unitPriceCents: item.priceCents,
      quantity: quantityOf(item.quantity),
      discountCents: moneyOf(item.discount),
      isService: item.isService,
    })),
    discountCents: moneyOf(discount),
    payments: payments.map((payment) => ({
      method: payment.method,
      amountCents: moneyOf(payment.amount),
      tenderedCents: payment.tendered.trim() === "" ? null : moneyOf(payment.tendered),
    })),
    pixDiscountBasisPoints,
    loyaltyLevel: isLoyaltyApplied ? loyaltyLevel : null,
  });
  const serviceItemsCents = items.reduce(
    (sum, item) => sum + (item.isService ? Math.max(0, quantityOf(item.quantity) * item.priceCents - moneyOf(item.discount)) : 0),
    0,
  );
  const loyaltyOffer = levelDiscountOffer(loyaltyLevel, serviceItemsCents);
  const showsLoyalty = isLoyaltyApplied && totals.loyaltyDiscountCents > 0 && loyaltyLevel !== null;
  // Told before paying (Lei 10.962/2004 art. 5-A): the price by PIX, while paying it all by PIX is still open.
  const pixPrice =
    items.length > 0 && pixUnavailableMessage === null && offersPixPrice(payments.map((payment) => payment.method))
      ? pixDiscountFor(totals.totalCents + totals.pixDiscountCents, pixDiscountBasisPoints)
      : null;
  const remaining = totals.totalCents - totals.paidCents;
  const crediarioCents = payments
    .filter((payment) => payment.method === "crediario")
    .reduce((sum, payment) => sum + moneyOf(payment.amount), 0);

  function addProduct(hit: SaleProductHit, unitId: number | null = null) {
    const unit = unitId === null ? null : (hit.units.find((candidate) => candidate.id === unitId) ?? null);
    if (hit.isSerialised && !unit) {
      setNotice(`Escolha o IMEI/série de “${hit.name}” na lista.`);
      return;
    }
    setItems((current) => {
      if (unit) {
        if (current.some((item) => item.unitId === unit.id)) return current;
        return [...current, cartItemOf(hit, unit.id, unit.serial)];
      }
      const existing = current.find((item) => item.productId === hit.id && item.unitId === null);
      if (existing) {
        return current.map((item) => (item === existing ? { ...item, quantity: String(quantityOf(item.quantity) + 1) } : item));
      }
      return [...current, cartItemOf(hit, null, null)];
    });
    setNotice(`${hit.name}${unit ? ` (${unit.serial})` : ""} adicionado.`);
  }

  /** A scanned or photographed code: added at once when it names exactly one product (or unit). */
  async function addByCode(code: string) {
    let found: SaleProductSearch = { hits: [], exact: null };
    try {
      const response = await fetch(`${SALE_PRODUCTS_PATH}?q=${encodeURIComponent(code)}`, {
        headers: { accept: "application/json" },
      });
      if (response.ok) found = (await response.json()) as SaleProductSearch;
    } catch {
      // Offline, or the session ended (the answer is the sign-in page, not JSON).
      setNotice(`Não foi possível buscar o código ${code}. Verifique a conexão e tente de novo.`);
      return false;
    }
    const hit = found.exact && found.hits.find((candidate) => candidate.id === found.exact!.productId);
    if (hit) {
      addProduct(hit, found.exact!.unitId ?? (hit.isSerialised && hit.units.length === 1 ? hit.units[0]!.id : null));
      return true;
    }
    setNotice(`Nenhum produto com o código ${code}.`);
    return false;
  }

  // A keyboard-wedge scanner typing while no field has the focus: its code, then Enter, adds the item.
  const scanned = useRef({ text: "", at: 0 });
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const now = performance.now();
      const buffer = scanned.current;
      if (now - buffer.at > SCANNER_KEY_GAP_MS) buffer.text = "";
      buffer.at = now;
      if (event.key === "Enter") {
        if (buffer.text.length >= MIN_SCANNED_LENGTH) {
          event.preventDefault();
          void addByCode(buffer.text);
        }
        buffer.text = "";
      } else if (event.key.length === 1) {
        buffer.text += event.key;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- addByCode only uses state setters.
  }, []);

  function updateItem(key: string, change: Partial<CartItem>) {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }
  function updatePayment(key: string, change: Partial<PaymentRow>) {
    setPayments((current) => current.map((payment) => (payment.key === key ? { ...payment, ...change } : payment)));
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0 space-y-6">
        <ProductFinder onAdd={addProduct} onCode={addByCode} />
        <p aria-live="polite" className="text-sm text-slate-700" data-testid="aviso-venda">
          {notice}
        </p>
        <section aria-labelledby="carrinho" className="space-y-3">
          <h2 id="carrinho" className="text-lg font-semibold text-slate-900">
            Itens da venda
          </h2>
          {errors.items ? <Alert tone="destructive">{errors.items}</Alert> : null}
          {items.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600">
              Busque um produto ou passe o leitor de código de barras.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
              {items.map((item, index) => (
                <CartRow
                  key={item.key}
                  item={item}
                  lineTotalCents={totals.lines[index]?.totalCents ?? 0}
                  errors={errors}
                  index={index}
                  onChange={(change) => updateItem(item.key, change)}
                  onRemove={() => setItems((current) => current.filter((other) => other.key !== item.key))}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <Form method="post" className="min-w-0 space-y-5 rounded-lg border border-slate-200 bg-white p-4 lg:self-start">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="expectedTotal" value={centsToInput(totals.totalCents)} />
        {items.map((item) => (
          <span key={item.key} hidden>
            <input type="hidden" name="itemProductId" value={item.productId} />
            <input type="hidden" name="itemUnitId" value={item.unitId ?? ""} />
            <input type="hidden" name="itemQuantity" value={item.quantity} />
            <input type="hidden" name="itemDiscount" value={item.discount} />
          </span>
        ))}
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <CustomerPicker
          name="customerId"
          defaultCustomer={defaultCustomer}
          error={errors.customerId}
          label="Cliente (opcional)"
          onChange={chooseCustomer}
        />
        {showsLoyalty ? <input type="hidden" name="loyaltyBasisPoints" value={loyaltyLevel.discountBasisPoints} /> : null}
        {errors.loyaltyBasisPoints ? <Alert tone="destructive">{errors.loyaltyBasisPoints}</Alert> : null}
        {loyaltyOffer && loyaltyLevel && loyaltyOffer.cents > 0 ? (
          <div className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3" data-testid="loyalty-discount">
            <p className="text-sm text-slate-700">
              Cliente nível {loyaltyLevel.name} ({loyaltyLevel.points.toLocaleString("pt-BR")} pontos): desconto nos serviços da
              venda, não nos produtos.
            </p>
            {isLoyaltyApplied ? (
              <Button type="button" variant="outline" size="sm" onClick={() => setLoyaltyApplied(false)}>
                Tirar o desconto de fidelidade
              </Button>
            ) : (
              <Button type="button" size="sm" onClick={() => setLoyaltyApplied(true)}>
                Aplicar {loyaltyOffer.label} (− {formatCents(loyaltyOffer.cents)})
              </Button>
            )}
          </div>
        ) : null}
        {storeCreditCents > 0 ? (
          <p className="text-sm text-emerald-800">Crédito na loja deste cliente: {formatCents(storeCreditCents)}</p>
        ) : null}
        <Field
          label="Desconto na venda (R$)"
          name="discount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          value={discount}
          onChange={(event) => setDiscount(event.target.value)}
          error={errors.discount}
        />
        <dl className="space-y-1 border-y border-slate-200 py-3">
          <div className="flex justify-between text-slate-700">
            <dt>Itens</dt>
            <dd>{formatCents(totals.itemsTotalCents)}</dd>
          </div>
          {showsLoyalty ? (
            <div className="flex justify-between text-emerald-800">
              <dt>{loyaltyLevel.label}</dt>
              <dd>− {formatCents(totals.loyaltyDiscountCents)}</dd>
            </div>
          ) : null}
          {totals.discountCents - totals.pixDiscountCents - totals.loyaltyDiscountCents > 0 ? (
            <div className="flex justify-between text-slate-700">
              <dt>Desconto</dt>
              <dd>− {formatCents(totals.discountCents - totals.pixDiscountCents - totals.loyaltyDiscountCents)}</dd>
            </div>
          ) : null}
          {totals.pixDiscountCents > 0 ? (
            <div className="flex justify-between text-emerald-800">
              <dt>Desconto PIX</dt>
              <dd>− {formatCents(totals.pixDiscountCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-xl font-bold text-slate-900">
            <dt>Total</dt>
            <dd data-testid="total-venda">{formatCents(totals.totalCents)}</dd>
          </div>
        </dl>

        <fieldset className="min-w-0 space-y-3">
          <legend className="text-lg font-semibold text-slate-900">Pagamento</legend>
          {!isRegisterOpen ? (
            <Alert tone="info">
              Não há caixa aberto: PIX e cartão vão para o movimento do dia.{" "}
              <a href="/cash-register" className="font-medium underline underline-offset-2">
                Abra o caixa
              </a>{" "}
              para receber em dinheiro.
            </Alert>
          ) : null}
          {payments.map((payment, index) => (
            <PaymentFields
              key={payment.key}
              payment={payment}
              index={index}
              errors={errors}
              remainingCents={remaining + moneyOf(payment.amount)}
              canRemove={payments.length > 1}
              onChange={(change) => updatePayment(payment.key, change)}
              onRemove={() => setPayments((current) => current.filter((other) => other.key !== payment.key))}
            />
          ))}
          {errors.payments ? <p className="text-sm text-red-700">{errors.payments}</p> : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              setPayments((current) => [
                ...current,
                {
                  key: newKey(),
                  method: "pix",
                  amount: remaining > 0 ? centsToInput(remaining) : "",
                  tendered: "",
                  instalments: "1",
                },
              ])
            }
          >
            <Plus aria-hidden className="size-4" />
            Outra forma de pagamento
          </Button>
        </fieldset>

        {crediarioCents > 0 ? (
          <SaleCreditTerms
            context={creditContext}
            cashPriceCents={totals.totalCents}
            financedCents={crediarioCents}
            errors={errors}
          />
        ) : null}
        <PixDiscountNotice discount={pixPrice} />
        {payments.some((payment) => payment.method === "pix") ? (
          pixUnavailableMessage ? (
            <Alert tone="info">{pixUnavailableMessage}</Alert>
          ) : (
            <section aria-label="Cobrança PIX" className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
              PIX a receber:{" "}
              <strong>
                {formatCents(
                  payments
                    .filter((payment) => payment.method === "pix")
                    .reduce((sum, payment) => sum + moneyOf(payment.amount), 0),
                )}
              </strong>
              . Ao registrar a venda, o código PIX (QR e copia e cola) aparece com o valor exato; confira no banco e marque “PIX
              recebido”.
            </section>
          )
        ) : null}

        <dl className="space-y-1 text-slate-800" aria-live="polite">
          <div className="flex justify-between">
            <dt>{remaining >= 0 ? "Falta receber" : "Pagamentos passam do total em"}</dt>
            <dd data-testid="falta-receber">{formatCents(Math.abs(remaining))}</dd>
          </div>
          {totals.changeCents > 0 ? (
            <div className="flex justify-between text-lg font-semibold text-emerald-800">
              <dt>Troco</dt>
              <dd data-testid="troco">{formatCents(totals.changeCents)}</dd>
            </div>
          ) : null}
        </dl>
        <Button type="submit" className="w-full" disabled={isSaving || items.length === 0} aria-busy={isSaving}>
          {isSaving ? <Spinner /> : null}
          Concluir venda
        </Button>
      </Form>
    </div>
  );
}

function cartItemOf(hit: SaleProductHit, unitId: number | null, serial: string | null): CartItem {
  return {
    key: newKey(),
    productId: hit.id,
    unitId,
    name: hit.name,
    serial,
    priceCents: hit.priceCents,
    isService: hit.kind === "service",
    stock: hit.stockQuantity,
    quantity: "1",
    discount: "",
  };
}

function ProductFinder({
  onAdd,
  onCode,
}: {
  onAdd: (hit: SaleProductHit, unitId?: number | null) => void;
  onCode: (code: string) => Promise<boolean>;
}) {
  const id = useId();
  const fetcher = useFetcher<SaleProductSearch>();
  const [query, setQuery] = useState("");
  const canUseCamera = useSyncExternalStore(noSubscription, hasBarcodeDetector, () => false);
  const [cameraError, setCameraError] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const trimmed = query.trim();
  const hits = trimmed.length >= 2 ? (fetcher.data?.hits ?? []) : [];
  const status =
    trimmed.length < 2
      ? "Digite ao menos 2 letras, o código de barras ou o SKU."
      : fetcher.state === "loading"
        ? "Buscando…"
        : fetcher.data && hits.length === 0
          ? "Nenhum produto encontrado."
          : "";

  function search(text: string) {
    setQuery(text);
    clearTimeout(timer.current);
    if (text.trim().length < 2) return;
    timer.current = setTimeout(
      () => void fetcher.load(`${SALE_PRODUCTS_PATH}?q=${encodeURIComponent(text.trim())}`),
      DEBOUNCE_MS,
    );
  }

  async function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter never submits the sale from here: an exact barcode or SKU (a scanner's code) is added at once.
    event.preventDefault();
    if (trimmed === "") return;
    clearTimeout(timer.current);
    if (await onCode(trimmed)) setQuery("");
    else void fetcher.load(`${SALE_PRODUCTS_PATH}?q=${encodeURIComponent(trimmed)}`);
  }

  async function readPhoto(file: File | undefined) {
    const Detector = barcodeDetectorClass();
    if (!file || !Detector) return;
    setCameraError("");
    try {
      const codes = await new Detector().detect(await createImageBitmap(file));
      const code = codes[0]?.rawValue;
      if (code) await onCode(code);
      else setCameraError("Nenhum código de barras na foto. Tente de novo, mais perto e com luz.");
    } catch {
      setCameraError("Não foi possível ler a foto.");
    }
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-2">
      <h2 id={`${id}-titulo`} className="sr-only">
        Buscar produto
      </h2>
      <label htmlFor={`${id}-busca`} className="block text-sm font-medium text-slate-800">
        Produto, SKU ou código de barras
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <ScanBarcode
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id={`${id}-busca`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            // oxlint-disable-next-line jsx-a11y/no-autofocus -- the sale screen is for scanning: the reader's code must land here.
            autoFocus
            aria-describedby={`${id}-status`}
            value={query}
            onChange={(event) => search(event.target.value)}
            onKeyDown={(event) => void onKeyDown(event)}
            className={cx(inputClass, "pl-10")}
          />
        </div>
        {canUseCamera ? (
          <label className="inline-flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 font-medium text-slate-900 hover:bg-slate-50 focus-within:outline-2">
            <Camera aria-hidden className="size-5" />
            <span className="sr-only sm:not-sr-only">Câmera</span>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              aria-label="Ler código de barras com a câmera"
              onChange={(event) => void readPhoto(event.target.files?.[0])}
            />
          </label>
        ) : null}
      </div>
      <p id={`${id}-status`} className="text-sm text-slate-600" aria-live="polite">
        {cameraError || status}
      </p>
      {hits.length > 0 ? (
        <ul aria-label="Produtos encontrados" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {hits.map((hit) => (
            <li key={hit.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{hit.name}</p>
                <p className="text-sm text-slate-600">
                  {formatCents(hit.priceCents)} · SKU {hit.sku}
                  {hit.kind === "service" ? " · serviço" : ` · ${hit.stockQuantity} em estoque`}
                </p>
              </div>
              {hit.isSerialised ? (
                <div className="flex flex-wrap gap-1">
                  {hit.units.length === 0 ? <span className="text-sm text-slate-600">Sem unidades em estoque</span> : null}
                  {hit.units.map((unit) => (
                    <Button key={unit.id} size="sm" variant="outline" onClick={() => onAdd(hit, unit.id)}>
                      {unit.serial}
                    </Button>
                  ))}
                </div>
              ) : (
                <Button size="sm" variant="outline" onClick={() => onAdd(hit)} aria-label={`Adicionar ${hit.name}`}>
                  <Plus aria-hidden className="size-4" />
                  Adicionar
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function CartRow({
  item,
  lineTotalCents,
  errors,
  index,
  onChange,
  onRemove,
}: {
  item: CartItem;
  lineTotalCents: number;
  errors: FieldErrors;
  index: number;
  onChange: (change: Partial<CartItem>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const quantity = quantityOf(item.quantity);
  const error = errors[`items.${index}.quantity`] ?? errors[`items.${index}.unitId`] ?? errors[`items.${index}.productId`];
  return (
    <li className="space-y-2 px-3 py-3" data-testid="item-venda">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{item.name}</p>
          <p className="text-sm text-slate-600">
            {item.serial ? `IMEI/série ${item.serial} · ` : ""}
            {formatCents(item.priceCents)} cada
            {!item.isService && quantity > item.stock ? ` · só ${item.stock} em estoque` : ""}
          </p>
        </div>
        <p className="shrink-0 font-semibold text-slate-900">{formatCents(lineTotalCents)}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-qtd`} className="block text-sm text-slate-700">
            Quantidade
          </label>
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label={`Diminuir quantidade de ${item.name}`}
              disabled={item.serial !== null || quantity <= 1}
              onClick={() => onChange({ quantity: String(Math.max(1, quantity - 1)) })}
            >
              <Minus aria-hidden className="size-4" />
            </Button>
            <input
              id={`${id}-qtd`}
              inputMode="numeric"
              autoComplete="off"
              readOnly={item.serial !== null}
              value={item.quantity}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-erro` : undefined}
              onChange={(event) => onChange({ quantity: event.target.value })}
              className={cx(inputClass, "max-w-16 text-center")}
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={`Aumentar quantidade de ${item.name}`}
              disabled={item.serial !== null}
              onClick={() => onChange({ quantity: String(quantity + 1) })}
            >
              <Plus aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
        <div className="w-32 space-y-1">
          <label htmlFor={`${id}-desc`} className="block text-sm text-slate-700">
            Desconto (R$)
          </label>
          <input
            id={`${id}-desc`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={item.discount}
            aria-invalid={errors[`items.${index}.discount`] ? true : undefined}
            onChange={(event) => onChange({ discount: event.target.value })}
            className={inputClass}
          />
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove} className="ml-auto">
          <Trash2 aria-hidden className="size-4" />
          Remover<span className="sr-only"> {item.name}</span>
        </Button>
      </div>
      <FieldMessage id={id} error={error} />
      {errors[`items.${index}.discount`] ? <p className="text-sm text-red-700">{errors[`items.${index}.discount`]}</p> : null}
    </li>
  );
}

function PaymentFields({
  payment,
  index,
  errors,
  remainingCents,
  canRemove,
  onChange,
  onRemove,
}: {
  payment: PaymentRow;
  index: number;
  errors: FieldErrors;
  remainingCents: number;
  canRemove: boolean;
  onChange: (change: Partial<PaymentRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const fieldError = (name: string) => errors[`payments.${index}.${name}`];
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="pagamento">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-forma`} className="block text-sm font-medium text-slate-800">
            Forma
          </label>
          <select
            id={`${id}-forma`}
            name="paymentMethod"
            value={payment.method}
            aria-invalid={fieldError("method") ? true : undefined}
            onChange={(event) => onChange({ method: event.target.value as SalePaymentMethod })}
            className={inputClass}
          >
            {SALE_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {SALE_PAYMENT_LABELS[method]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Valor (R$)"
          name="paymentAmount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          value={payment.amount}
          onChange={(event) => onChange({ amount: event.target.value })}
          error={fieldError("amount")}
        />
      </div>
      {fieldError("method") ? <p className="text-sm text-red-700">{fieldError("method")}</p> : null}
      {payment.method === "cash" ? (
        <Field
          label="Recebido em dinheiro (R$)"
          name="paymentTendered"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Igual ao valor"
          value={payment.tendered}
          onChange={(event) => onChange({ tendered: event.target.value })}
          error={fieldError("tendered")}
        />
      ) : (
        <input type="hidden" name="paymentTendered" value="" />
      )}
      {payment.method === "credit" ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-parcelas`} className="block text-sm font-medium text-slate-800">
            Parcelas
          </label>
          <select
            id={`${id}-parcelas`}
            name="paymentInstalments"
            value={payment.instalments}
            onChange={(event) => onChange({ instalments: event.target.value })}
            className={inputClass}
          >
            {Array.from({ length: MAX_CARD_INSTALMENTS }, (_, count) => (
              <option key={count + 1} value={String(count + 1)}>
                {count + 1}x
              </option>
            ))}
          </select>
          <FieldMessage id={`${id}-parcelas`} error={fieldError("instalments")} />
        </div>
      ) : (
        <input type="hidden" name="paymentInstalments" value="" />
      )}
      <div className="flex flex-wrap gap-2">
        {remainingCents > 0 && moneyOf(payment.amount) !== remainingCents ? (
          <Button variant="outline" size="sm" onClick={() => onChange({ amount: centsToInput(remainingCents) })}>
            Usar o restante ({formatCents(remainingCents)})
          </Button>
        ) : null}
        {canRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
            Remover pagamento
          </Button>
        ) : null}
      </div>
    </div>
  );
}
