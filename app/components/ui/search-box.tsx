import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "./button";
import { Field } from "./field";

/** One search field sent by GET (so a search has its URL and works without JavaScript). */
export function SearchBox({
  label,
  name,
  query,
  maxLength,
  hint,
  focusOnLoad = false,
}: {
  label: string;
  name: string;
  query: string;
  maxLength: number;
  hint: string;
  /** For a page that exists for this one box. */
  focusOnLoad?: boolean;
}) {
  return (
    <search>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          // A new search (back button, link) replaces what was typed.
          key={query}
          label={label}
          name={name}
          type="search"
          defaultValue={query}
          maxLength={maxLength}
          autoComplete="off"
          // oxlint-disable-next-line jsx-a11y/no-autofocus -- only where the page exists for this one box.
          autoFocus={focusOnLoad}
          hint={hint}
          className="flex-1"
        />
        <Button type="submit" className="sm:mt-7">
          <Search aria-hidden="true" className="size-4" />
          Buscar
        </Button>
      </Form>
    </search>
  );
}
