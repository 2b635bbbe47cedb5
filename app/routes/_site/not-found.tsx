import { data } from "react-router";

/** Any path no other route matches: the not-found page with HTTP 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Página não encontrada" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return null;
}
