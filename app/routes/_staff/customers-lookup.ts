// Placeholder: built by issue 4 (the customer picker's search).
export function loader() {
  return Response.json({ customers: [] });
}
