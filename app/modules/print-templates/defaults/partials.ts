/**
 * Blocks the default templates share, placed with `{% render "name", … %}`.
 * A partial sees only what it is given, so each names its inputs.
 */
export const PARTIALS: Record<string, string> = {
  /** The shop as a document heads it: its logo, who is responsible (name, legal name, CNPJ or CPF, where, how to call). Input: loja. */
  cabecalho_loja: `<header class="loja">
  {% if loja.logo_url %}<img class="logo-loja" src="{{ loja.logo_url }}" alt="">{% endif %}
  <p class="nome-loja">{{ loja.nome }}</p>
  <p>{{ loja.razao_social }}</p>
  <p>{{ loja.documento_rotulo | default: "CNPJ" }} {{ loja.cnpj | cpf_cnpj }}</p>
  <p>{{ loja.endereco }} – {{ loja.cidade }}/{{ loja.uf }} – CEP {{ loja.cep }}</p>
  <p>WhatsApp {{ loja.whatsapp | telefone }} · {{ loja.email }}</p>
</header>`,

  /** A place to sign, with who signs under the line. Inputs: rotulo, detalhe (optional). */
  assinatura: `<div class="assinatura">
  <div>
    <p>{{ rotulo }}</p>
    {% if detalhe %}<p class="detalhe">{{ detalhe }}</p>{% endif %}
  </div>
</div>`,

  /** The order's number, code, dates and tracking QR, under the document's title. Inputs: titulo, os, com_entrega. */
  os_abertura: `<div class="abertura">
  <div>
    <h1>{{ titulo }} · OS nº {{ os.numero }}</h1>
    <p>Código de acompanhamento: <strong class="codigo">{{ os.codigo }}</strong></p>
    <p>Entrada: {{ os.entrada | data_hora }}</p>
    {% if com_entrega %}{% if os.entrega %}<p>Entrega: {{ os.entrega | data_hora }}</p>{% endif %}{% elsif os.previsao %}<p>Previsão: {{ os.previsao | data }}</p>{% endif %}
  </div>
  <figure class="qr">
    <img src="{{ os.url_consulta | qrcode }}" alt="QR code para consultar a OS nº {{ os.numero }}">
    <figcaption>Consulte pelo QR code</figcaption>
  </figure>
</div>`,

  /** Who left the device and what it is, as it came in, side by side on A4. Inputs: os, com_diagnostico. */
  os_cliente_aparelho: `<div class="colunas">
<section>
  <h2>Cliente</h2>
  <p><span class="rotulo">Nome:</span> {{ os.cliente.nome }}</p>
  {% if os.cliente.telefone %}<p><span class="rotulo">Telefone:</span> {{ os.cliente.telefone | telefone }}</p>{% endif %}
</section>
<section>
  <h2>Aparelho</h2>
  <p><span class="rotulo">Aparelho:</span> {{ os.aparelho.nome }}</p>
  {% if os.aparelho.cor %}<p><span class="rotulo">Cor:</span> {{ os.aparelho.cor }}</p>{% endif %}
  {% if os.aparelho.imei_serie %}<p><span class="rotulo">IMEI/série:</span> {{ os.aparelho.imei_serie }}</p>{% endif %}
  <p><span class="rotulo">Acessórios deixados:</span> {{ os.acessorios | default: "Nenhum" }}</p>
  <p><span class="rotulo">Estado na entrada:</span> {% if os.estado_entrada.size > 0 %}{{ os.estado_entrada | join: ", " }}{% else %}Sem itens marcados{% endif %}</p>
  {% if os.observacoes_estado %}<p><span class="rotulo">Observações do estado:</span> {{ os.observacoes_estado }}</p>{% endif %}
  <p><span class="rotulo">Defeito relatado:</span> {{ os.defeito_relatado }}</p>
  {% if com_diagnostico and os.diagnostico %}<p><span class="rotulo">Diagnóstico:</span> {{ os.diagnostico }}</p>{% endif %}
</section>
</div>`,

  /** The quote's lines and the money: the unit price only where the paper has room. Inputs: os, papel. */
  os_orcamento: `<section>
  <h2>Orçamento e pagamentos</h2>
  {% if os.itens.size == 0 %}
  <p>Orçamento a definir após o diagnóstico.</p>
  {% else %}
  {% if papel == "a4" %}{% assign colunas_rotulo = 3 %}{% else %}{% assign colunas_rotulo = 2 %}{% endif %}
  <table>
    <thead>
      <tr>
        <th scope="col">Descrição</th>
        <th scope="col" class="num">Qtd.</th>
        {% if papel == "a4" %}<th scope="col" class="num">Unitário</th>{% endif %}
        <th scope="col" class="num">Total</th>
      </tr>
    </thead>
    <tbody>
      {% for item in os.itens %}
      <tr>
        <td>{{ item.descricao }}</td>
        <td class="num">{{ item.quantidade }}</td>
        {% if papel == "a4" %}<td class="num">{{ item.unitario | moeda }}</td>{% endif %}
        <td class="num">{{ item.total | moeda }}</td>
      </tr>
      {% endfor %}
    </tbody>
    <tfoot>
      {% if os.desconto > 0 %}
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">Subtotal</th><td class="num">{{ os.subtotal | moeda }}</td></tr>
      {% if os.desconto_fidelidade > 0 %}
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">{{ os.desconto_fidelidade_rotulo }}</th><td class="num">{{ os.desconto_fidelidade | times: -1 | moeda }}</td></tr>
      {% assign desconto_manual = os.desconto | minus: os.desconto_fidelidade %}
      {% if desconto_manual > 0 %}<tr><th scope="row" colspan="{{ colunas_rotulo }}">Desconto</th><td class="num">{{ desconto_manual | times: -1 | moeda }}</td></tr>{% endif %}
      {% else %}
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">Desconto</th><td class="num">{{ os.desconto | times: -1 | moeda }}</td></tr>
      {% endif %}
      {% endif %}
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">Total</th><td class="num">{{ os.total | moeda }}</td></tr>
      {% if os.sinal > 0 %}<tr><th scope="row" colspan="{{ colunas_rotulo }}">Sinal</th><td class="num">{{ os.sinal | moeda }}</td></tr>{% endif %}
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">Pago</th><td class="num">{{ os.pago | moeda }}</td></tr>
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">Saldo a pagar</th><td class="num">{{ os.saldo | moeda }}</td></tr>
    </tfoot>
  </table>
  {% endif %}
</section>`,
};
