import { PackageSearch, Unlink } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { formatCents } from "~/lib/money";
import type { QuoteLookupItem } from "~/modules/inventory/order-parts.server";
import { needsPartsConsent, PART_STOCK_LABELS, partOriginLabel } from "../part-origin";

const LOOKUP_PATH = "/service-orders/parts-lookup";
const DEBOUNCE_MS = 250;
const MIN_QUERY_LENGTH = 2;

/** What choosing a stock item puts in the line. */
export type PickedPart = {
  productId: string;
  productUnitId: string;
  description: string;
  unitPriceCents: number;
  productLabel: string;
  partOrigin: string;
  /** The supplier of the product's latest stock entry naming one (the line's "Fornecedor" until changed), "" when none. */
  supplierId: string;
};

/**
 * A quote line's link to the stock (rendered once React runs: before that
 * the line is a free-text line, which the server accepts as it always did).
 * Linked: the item, its origin and where it is in stock, with "Desvincular".
 * Not linked: "Buscar no estoque" opens a search by name, SKU or barcode
 * whose results are buttons (price, available quantity, origin; one per
 * IMEI/serial for a serialised product).
 */
export function PartPicker({
  lineNumber,
  productLabel,
  partOrigin,
  stockState,
  error,
  onPick,
  onUnlink,
}: {
  lineNumber: number;
  productLabel: string;
  partOrigin: string;
  stockState: string;
  /** The server's refusal of the line's product or unit (archived, unit sold…). */
  error?: string;
  onPick: (part: PickedPart) => void;
  onUnlink: () => void;
}) {
  const [isSearching, setSearching] = useState(false);
  const errorId = useId();
  const message = error ? (
    <p id={errorId} className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
  if (productLabel) {
    const stockText = PART_STOCK_LABELS[stockState];
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p className="min-w-0 text-slate-800">
          <span className="text-slate-600">Do estoque: </span>
          <strong className="font-medium break-words">{productLabel}</strong>
          {partOrigin ? (
            <span className={needsPartsConsent(partOrigin) ? "font-medium text-amber-800" : "text-slate-700"}>
              {" "}
              · {partOriginLabel(partOrigin)}
            </span>
          ) : null}
          {stockText ? <span className="text-slate-700"> · {stockText}</span> : null}
        </p>
        <Button variant="ghost" size="sm" onClick={onUnlink}>
          <Unlink aria-hidden className="size-4" />
          Desvincular<span className="sr-only"> a linha {lineNumber} do estoque</span>
        </Button>
        {message ? <div className="basis-full">{message}</div> : null}
      </div>
    );
  }
  if (!isSearching) {
    return (
      <div className="space-y-1">
        <Button variant="outline" size="sm" onClick={() => setSearching(true)}>
          <PackageSearch aria-hidden className="size-4" />
          Buscar no estoque<span className="sr-only"> para a linha {lineNumber}</span>
        </Button>
        {message}
      </div>
    );
  }
  return (
    <PartSearch
      lineNumber={lineNumber}
      onPick={(part) => {
        setSearching(false);
        onPick(part);
      }}
      onCancel={() => setSearching(false)}
    />
  );
}

function PartSearch({
  lineNumber,
  onPick,
  onCancel,
}: {
  lineNumber: number;
  onPick: (part: PickedPart) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const fetcher = useFetcher<{ products: QuoteLookupItem[] }>();
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    return () => clearTimeout(timer.current);
  }, []);

  const isSearchable = query.trim().length >= MIN_QUERY_LENGTH;
  const results = isSearchable ? (fetcher.data?.products ?? []) : [];
  const isLoading = isSearchable && fetcher.state === "loading";

  function search(text: string) {
    setQuery(text);
    clearTimeout(timer.current);
    const next = text.trim();
    if (next.length < MIN_QUERY_LENGTH) return;
    timer.current = setTimeout(() => void fetcher.load(`${LOOKUP_PATH}?q=${encodeURIComponent(next)}`), DEBOUNCE_MS);
  }

  const pick = (item: QuoteLookupItem, unit?: { id: number; serial: string }) =>
    onPick({
      productId: String(item.id),
      productUnitId: unit ? String(unit.id) : "",
      description: unit ? `${item.name} (IMEI/série ${unit.serial})` : item.name,
      unitPriceCents: item.priceCents,
      productLabel: `${item.name} (${item.sku})${unit ? ` · IMEI/série ${unit.serial}` : ""}`,
      partOrigin: item.partOrigin ?? "",
      supplierId: item.supplierId === null ? "" : String(item.supplierId),
    });

  return (
    <div className="space-y-2 rounded-md border border-slate-300 bg-white p-3">
      <label htmlFor={`${id}-busca`} className="block text-sm font-medium text-slate-800">
        Buscar no estoque (nome, SKU ou código de barras) — linha {lineNumber}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-busca`}
          type="search"
          autoComplete="off"
          maxLength={100}
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            // Enter here must not submit the whole order form.
            if (event.key === "Enter") event.preventDefault();
            if (event.key === "Escape") onCancel();
          }}
          aria-describedby={`${id}-estado`}
          className={inputClass}
        />
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Fechar
        </Button>
      </div>
      <p id={`${id}-estado`} aria-live="polite" className="text-sm text-slate-600">
        {isLoading ? (
          <Spinner />
        ) : !isSearchable ? (
          "Digite ao menos 2 letras."
        ) : fetcher.data && results.length === 0 ? (
          "Nada encontrado no estoque. A linha pode ficar só com a descrição."
        ) : results.length > 0 ? (
          `${results.length} ${results.length === 1 ? "item encontrado" : "itens encontrados"}.`
        ) : null}
      </p>
      {results.length > 0 ? (
        <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label="Itens do estoque">
          {results.map((item) =>
            item.isSerialised ? (
              <li key={item.id} className="space-y-1">
                <p className="text-sm font-medium text-slate-900">
                  {item.name} · {formatCents(item.priceCents)}
                  {item.units.length === 0 ? (
                    <span className="font-normal text-slate-600"> · sem unidades em estoque</span>
                  ) : null}
                </p>
                <ul className="space-y-1 pl-3">
                  {item.units.map((unit) => (
                    <li key={unit.id}>
                      <ResultButton onClick={() => pick(item, unit)}>
                        <span className="font-mono">{unit.serial}</span>
                        <span className="text-slate-600"> · IMEI/série</span>
                      </ResultButton>
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={item.id}>
                <ResultButton onClick={() => pick(item)}>
                  <span className="font-medium text-slate-900">{item.name}</span>
                  <span className="text-slate-700">
                    {" "}
                    · {formatCents(item.priceCents)} · {item.availableQuantity}{" "}
                    {item.availableQuantity === 1 ? "disponível" : "disponíveis"}
                  </span>
                  <span className="block text-xs text-slate-600">
                    SKU {item.sku}
                    {item.partOrigin ? ` · ${partOriginLabel(item.partOrigin)}` : ""}
                  </span>
                </ResultButton>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}

function ResultButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="w-full rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {children}
    </button>
  );
}
