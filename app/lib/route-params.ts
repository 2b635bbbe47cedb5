import { data } from "react-router";
import { readId } from "./forms";

/**
 * A row's id from the address (`/cdc/:id`), or the 404 page: a route reads
 * `parseIdParam(params.id)` first thing, so a hostile or mistyped segment
 * ("abc", "0", "1%00", a number past PostgreSQL's integer) never reaches a
 * query and never becomes a 500.
 */
export function parseIdParam(param: string | undefined): number {
  const id = readId(param ?? "");
  if (id === null) throw data({ reason: "not-found" }, { status: 404 });
  return id;
}
