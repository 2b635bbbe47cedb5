// Being built for issue 3 — replaced before this lands.
export function loader() {
  return new Response("", { status: 404 });
}
