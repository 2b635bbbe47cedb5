// Being built for issue 3 — replaced by the page itself before this lands.
export default function Page() {
  return null;
}
