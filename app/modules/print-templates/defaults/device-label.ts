/**
 * The label stuck on a device (or its bag) while it is in the shop: the
 * order's number large enough to read across the bench, the tracking QR
 * (staff scan it to open the order's public page), the customer's first
 * name only (the label is seen by everyone at the counter: no surname, no
 * phone), the device and the promised date. Written for the 62 × 29 mm
 * label (papers.ts). Data: os, papel.
 */
export const DEVICE_LABEL = `<div class="etiqueta">
  <img class="etiqueta-qr" src="{{ os.url_consulta | qrcode }}" alt="QR code da OS nº {{ os.numero }}">
  <div class="etiqueta-dados">
    <p class="etiqueta-os">OS {{ os.numero }}</p>
    <p class="etiqueta-nome">{{ os.cliente.primeiro_nome }}</p>
    <p class="etiqueta-aparelho">{{ os.aparelho.nome }}</p>
    {% if os.previsao %}<p>Previsão {{ os.previsao | data }}</p>{% endif %}
    <p class="codigo">{{ os.codigo }}</p>
  </div>
</div>
`;
