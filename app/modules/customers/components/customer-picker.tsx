import { Check, UserPlus } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage, inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useIsHydrated } from "~/components/ui/use-is-hydrated";
import { cx } from "~/lib/class-names";
import { formatPhone } from "~/lib/phone";
import type { CustomerLookupItem, CustomerSummary } from "../summary";

export type { CustomerSummary } from "../summary";

const DEBOUNCE_MS = 250;
const MIN_QUERY_LENGTH = 2;
const LOOKUP_PATH = "/customers/lookup";
/** The same action as the /customers/new page; `intent=inline` makes it answer with data instead of redirecting. */
const CREATE_ACTION = "/customers/new?inline=1";

type LookupData = { customers: CustomerLookupItem[] };
type InlineFields = "name" | "phone" | "document" | "email";
type InlineResult = { customer: CustomerSummary } | { errors: Partial<Record<InlineFields | "form", string>> };

/**
 * Picks the customer of a form (a new service order, a sale, a referral):
 * a search box over /customers/lookup with a keyboard-accessible list (ARIA
 * combobox: arrows, Enter, Escape), a hidden input `name` with the chosen id,
 * and a mini-form to register a new customer without leaving the page.
 * Before JavaScript runs the same text box is a plain field `name` for the
 * customer's number; what was typed there stays when React takes it over,
 * and becomes the search (issue 10, 5.11).
 */
export function CustomerPicker({
  name,
  defaultCustomer,
  error,
  label = "Cliente",
  canCreate = true,
  onChange,
}: {
  name: string;
  defaultCustomer: CustomerSummary | null;
  error: string | undefined;
  label?: string;
  /** Offers the inline "Cadastrar novo cliente" form (on by default). */
  canCreate?: boolean;
  /** Told when the chosen customer changes (the sale screen reads the customer's loyalty level). */
  onChange?: (customer: CustomerSummary | null) => void;
}) {
  const isHydrated = useIsHydrated();
  const location = useLocation();
  const [selected, setSelected] = useState<CustomerSummary | null>(defaultCustomer);
  const [isCreating, setCreating] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const back = encodeURIComponent(location.pathname + location.search);

  return (
    <div className="space-y-2">
      <CustomerSearch
        label={label}
        error={error}
        selected={selected}
        defaultCustomer={defaultCustomer}
        fallbackName={isHydrated ? null : name}
        onSelect={(customer) => {
          setSelected(customer);
          onChange?.(customer);
          if (customer) setCreating(false);
        }}
      />
      {isHydrated ? <input type="hidden" name={name} value={selected?.id ?? ""} /> : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {!canCreate ? null : !isHydrated ? (
        <Link to={`/customers/new?voltar=${back}`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Cadastrar novo cliente
        </Link>
      ) : selected ? null : isCreating ? (
        <InlineCustomerForm
          onCancel={() => setCreating(false)}
          onCreated={(customer) => {
            setSelected(customer);
            onChange?.(customer);
            setCreating(false);
            setAnnouncement(`${customer.name} cadastrado e escolhido.`);
          }}
        />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
          <UserPlus aria-hidden className="size-4" />
          Cadastrar novo cliente
        </Button>
      )}
    </div>
  );
}

function CustomerSearch({
  label,
  error,
  selected,
  defaultCustomer,
  fallbackName,
  onSelect,
}: {
  label: string;
  error: string | undefined;
  selected: CustomerSummary | null;
  defaultCustomer: CustomerSummary | null;
  /** Before hydration: the field is the form's own `name` input, for the customer's number. */
  fallbackName: string | null;
  onSelect: (customer: CustomerSummary | null) => void;
}) {
  const id = useId();
  const inputId = `${id}-busca`;
  const listboxId = `${id}-lista`;
  const optionId = (index: number) => `${id}-opcao-${index}`;
  const fetcher = useFetcher<LookupData>();
  const defaultText = defaultCustomer ? String(defaultCustomer.id) : "";
  // The server's HTML shows the default customer's number in the box; once hydrated, the box is for searching.
  const [query, setQuery] = useState(fallbackName === null ? "" : defaultText);
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeButtonRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<"input" | "change" | null>(null);
  const hasMounted = useRef(false);

  const trimmed = query.trim();
  const isSearchable = trimmed.length >= MIN_QUERY_LENGTH;
  const results = isSearchable ? (fetcher.data?.customers ?? []) : [];
  const isSearching = isSearchable && fetcher.state === "loading";
  const isListShown = isOpen && results.length > 0;

  const loadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(loadTimer.current), []);

  /** Waits for a pause in the typing, so a name typed quickly asks the server once. */
  function search(text: string) {
    setQuery(text);
    setOpen(true);
    setActiveIndex(-1);
    clearTimeout(loadTimer.current);
    const next = text.trim();
    if (next.length < MIN_QUERY_LENGTH) return;
    loadTimer.current = setTimeout(() => void fetcher.load(`${LOOKUP_PATH}?q=${encodeURIComponent(next)}`), DEBOUNCE_MS);
  }

  // React keeps what the browser's field holds while hydrating: a number typed before the scripts ran
  // becomes the search, in the same element, so the focus and the caret stay where they were.
  useLayoutEffect(() => {
    // Mounted by a client-side navigation: there was no server field to type in.
    if (fallbackName === null) return;
    const typed = inputRef.current?.value ?? "";
    if (defaultCustomer && typed === defaultText) {
      setQuery("");
      return;
    }
    if (defaultCustomer) onSelect(null);
    search(typed);
    setOpen(document.activeElement === inputRef.current);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, as the page hydrates.
  }, []);

  useEffect(() => {
    // The page just opened (with a customer already chosen): the focus stays where the browser put it.
    if (!hasMounted.current) {
      hasMounted.current = true;
      return;
    }
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === "input") inputRef.current?.focus();
    // The control that had the focus (the option list, the inline form's button) is gone once a customer is chosen.
    if (target === "change" || (selected && document.activeElement === document.body)) changeButtonRef.current?.focus();
  }, [selected]);

  const activeOptionId = isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined;
  // The highlighted option stays in sight when the arrows move past the list's edge.
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: "nearest" });
  }, [activeOptionId]);

  function choose(customer: CustomerLookupItem) {
    focusAfterRender.current = "change";
    setQuery("");
    setOpen(false);
    setActiveIndex(-1);
    onSelect({ id: customer.id, name: customer.name, phone: customer.phone });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (results.length === 0) return;
      event.preventDefault();
      const count = results.length;
      const isDown = event.key === "ArrowDown";
      setOpen(true);
      setActiveIndex((current) => (isDown ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
    } else if (event.key === "Enter") {
      // Enter here never submits the surrounding form (the order's): it chooses the highlighted customer.
      event.preventDefault();
      const customer = isListShown ? results[activeIndex] : undefined;
      if (customer) choose(customer);
    } else if (event.key === "Escape") {
      if (isListShown) {
        event.preventDefault();
        setOpen(false);
        setActiveIndex(-1);
      } else if (query !== "") {
        event.preventDefault();
        search("");
      }
    }
  }

  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  if (selected && fallbackName === null) {
    return (
      <fieldset className="min-w-0 space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">{label}</legend>
        <div className="flex items-center justify-between gap-3 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2">
          <div className="flex min-w-0 items-center gap-2">
            <Check aria-hidden className="size-4 shrink-0 text-emerald-700" />
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{selected.name}</p>
              <p className="text-sm text-slate-700">{formatPhone(selected.phone)}</p>
            </div>
          </div>
          <Button
            ref={changeButtonRef}
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={() => {
              focusAfterRender.current = "input";
              onSelect(null);
            }}
          >
            Trocar<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        </div>
        <FieldMessage id={inputId} error={error} />
      </fieldset>
    );
  }

  const status = !isSearchable
    ? ""
    : isSearching
      ? "Buscando…"
      : fetcher.data
        ? results.length === 0
          ? "Nenhum cliente encontrado."
          : `${results.length === 1 ? "1 cliente encontrado" : `${results.length} clientes encontrados`}: use as setas para escolher.`
        : "";

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {fallbackName === null ? label : `${label} (número do cadastro)`}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          value={query}
          onChange={(event) => search(event.target.value)}
          {...(fallbackName === null
            ? {
                role: "combobox",
                placeholder: "Nome, WhatsApp, CPF/CNPJ ou e-mail",
                "aria-autocomplete": "list" as const,
                "aria-expanded": isListShown,
                "aria-controls": listboxId,
                "aria-activedescendant": activeOptionId,
                onKeyDown,
                onFocus: () => setOpen(true),
                onBlur: () => setOpen(false),
              }
            : { name: fallbackName, inputMode: "numeric" as const })}
          className={cx(inputClass, "pr-10")}
        />
        {isSearching ? (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">
            <Spinner />
          </span>
        ) : null}
        <div
          id={listboxId}
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the ARIA combobox pattern: a <select> cannot sit under a text input nor show a name, a phone and a document per line.
          role="listbox"
          aria-label={`${label}: resultados da busca`}
          hidden={!isListShown}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {results.map((customer, index) => (
            // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- the keys (arrows, Enter) belong to the input, which keeps the focus (aria-activedescendant), as the combobox pattern asks.
            <div
              key={customer.id}
              id={optionId(index)}
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an option of the combobox's list (see above); the keyboard stays in the input and aria-activedescendant points here.
              role="option"
              aria-selected={index === activeIndex}
              // Keeps the focus in the input, so the click below still finds the list open.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(customer)}
              onMouseMove={() => setActiveIndex(index)}
              className={cx(
                "cursor-pointer border-l-4 px-3 py-2",
                index === activeIndex ? "border-brand-700 bg-brand-50" : "border-transparent",
              )}
            >
              <span className="block font-medium text-slate-900">{customer.name}</span>
              <span className="block text-sm text-slate-700">
                {formatPhone(customer.phone)}
                {customer.document ? ` · ${customer.document}` : ""}
              </span>
            </div>
          ))}
        </div>
      </div>
      {error ? (
        <FieldMessage id={inputId} error={error} />
      ) : (
        <p id={hintId} className="text-sm text-slate-600">
          {fallbackName !== null
            ? defaultCustomer
              ? `${defaultCustomer.name}, ${formatPhone(defaultCustomer.phone)}`
              : "O número aparece na lista de clientes."
            : status || "Digite ao menos 2 letras ou números para buscar."}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/**
 * Not a <form>: the picker usually sits inside another form (the order's),
 * and forms cannot nest. The fields have no `name`, so the order's form never
 * sends them; the fetcher posts them itself.
 */
function InlineCustomerForm({ onCreated, onCancel }: { onCreated: (customer: CustomerSummary) => void; onCancel: () => void }) {
  const id = useId();
  const fetcher = useFetcher<InlineResult>();
  const [values, setValues] = useState<Record<InlineFields, string>>({ name: "", phone: "", document: "", email: "" });
  const handled = useRef<InlineResult | undefined>(undefined);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  // Only while the form is sent: the page's data reloading afterwards must not hold the next try back.
  const isSaving = fetcher.state === "submitting";
  const result = fetcher.data;
  const errors = result && "errors" in result ? result.errors : {};

  useEffect(() => firstFieldRef.current?.focus(), []);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("customer" in result) onCreated(result.customer);
  }, [result, onCreated]);

  function save() {
    if (isSaving) return;
    void fetcher.submit({ intent: "inline", ...values }, { method: "post", action: CREATE_ACTION });
  }

  function field(key: InlineFields) {
    return {
      value: values[key],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [key]: event.target.value })),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        // Enter saves this customer, not the surrounding form.
        if (event.key === "Enter") {
          event.preventDefault();
          save();
        }
      },
      error: errors[key],
    };
  }

  return (
    <fieldset aria-describedby={`${id}-ajuda`} className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">Novo cliente</legend>
      <p id={`${id}-ajuda`} className="text-sm text-slate-600">
        Os demais dados (endereço, observações) podem ser completados depois em Clientes.
      </p>
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field ref={firstFieldRef} label="Nome" autoComplete="off" maxLength={120} {...field("name")} />
        <Field label="WhatsApp" type="tel" inputMode="tel" autoComplete="off" maxLength={30} {...field("phone")} />
        <Field label="CPF ou CNPJ (opcional)" autoComplete="off" maxLength={30} {...field("document")} />
        <Field label="E-mail (opcional)" type="email" autoComplete="off" maxLength={254} {...field("email")} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={save} disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? <Spinner /> : null}
          Salvar cliente
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </fieldset>
  );
}
