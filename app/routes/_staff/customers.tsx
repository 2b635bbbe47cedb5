// Placeholder: built by issue 4.
export default function Placeholder() {
  return <p>Em construção</p>;
}
