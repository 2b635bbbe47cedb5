// Placeholder: /consultar is built by the service-orders issue (issue 4).
export default function Consultar() {
  return <main id="conteudo">Consultar</main>;
}
