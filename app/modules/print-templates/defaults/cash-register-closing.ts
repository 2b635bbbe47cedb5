/**
 * The closing of a register as the shop files it: who opened and closed it,
 * expected against counted per payment method with the difference, the
 * cash as counted by note and coin, and every entry (cancelled ones marked).
 * A4 lists the entries with who made them; 80 mm keeps to the columns a
 * roll has. Data: loja, caixa, emitido_em, papel.
 */
/** Expected, counted and difference per method, side by side: four columns of money (A4 and the 80 mm roll). */
const METHODS_WIDE = `<table>
    <thead><tr><th scope="col">Forma</th><th scope="col" class="num">Esperado</th><th scope="col" class="num">Conferido</th><th scope="col" class="num">Diferença</th></tr></thead>
    <tbody>
      {% for forma in caixa.formas %}<tr><td>{{ forma.nome }}</td><td class="num">{{ forma.esperado | moeda }}</td><td class="num">{{ forma.conferido | moeda }}</td><td class="num">{{ forma.diferenca | moeda }}</td></tr>{% endfor %}
    </tbody>
    <tfoot><tr><th scope="row" colspan="3">Diferença total</th><td class="num"><strong>{{ caixa.diferenca | moeda }}</strong></td></tr></tfoot>
  </table>`;

/** The same, one method under the other: 32 columns hold one amount a line, not three. */
const METHODS_NARROW = `<table>
    {% for forma in caixa.formas %}<tbody>
      <tr><th scope="colgroup" colspan="2">{{ forma.nome }}</th></tr>
      <tr><td>Esperado</td><td class="num">{{ forma.esperado | moeda }}</td></tr>
      <tr><td>Conferido</td><td class="num">{{ forma.conferido | moeda }}</td></tr>
      <tr><td>Diferença</td><td class="num">{{ forma.diferenca | moeda }}</td></tr>
    </tbody>{% endfor %}
    <tfoot><tr><th scope="row">Diferença total</th><td class="num"><strong>{{ caixa.diferenca | moeda }}</strong></td></tr></tfoot>
  </table>`;

const closingHead = (methods: string) => `{% render "cabecalho_loja", loja: loja %}
<h1>Fechamento de caixa · nº {{ caixa.numero }}</h1>
<div class="dados">
  <p><span class="rotulo">Abertura:</span> {{ caixa.abertura | data_hora }} por {{ caixa.aberto_por }}</p>
  <p><span class="rotulo">Fechamento:</span> {{ caixa.fechamento | data_hora }} por {{ caixa.fechado_por }}</p>
  <p><span class="rotulo">Fundo de troco:</span> {{ caixa.fundo | moeda }}</p>
</div>
<section>
  <h2>Esperado e conferido</h2>
  ${methods}
  {% if caixa.pix_pendentes > 0 %}<p>PIX sem conferência no banco ao fechar: {{ caixa.pix_pendentes }} ({{ caixa.pix_pendentes_valor | moeda }}).</p>{% endif %}
</section>
<section>
  <h2>Totais do caixa</h2>
  <table>
    <tbody>
      <tr><td>Vendas</td><td class="num">{{ caixa.total_vendas | moeda }}</td></tr>
      <tr><td>Recebimentos</td><td class="num">{{ caixa.total_recebimentos | moeda }}</td></tr>
      <tr><td>Devoluções</td><td class="num">{{ caixa.total_devolucoes | moeda }}</td></tr>
      <tr><td>Suprimentos</td><td class="num">{{ caixa.total_suprimentos | moeda }}</td></tr>
      <tr><td>Sangrias</td><td class="num">{{ caixa.total_sangrias | moeda }}</td></tr>
    </tbody>
  </table>
</section>
{% if caixa.cedulas.size > 0 %}
<section>
  <h2>Dinheiro contado</h2>
  <table>
    <thead><tr><th scope="col">Cédula/moeda</th><th scope="col" class="num">Qtd.</th><th scope="col" class="num">Total</th></tr></thead>
    <tbody>{% for cedula in caixa.cedulas %}<tr><td>{{ cedula.nome }}</td><td class="num">{{ cedula.quantidade }}</td><td class="num">{{ cedula.total | moeda }}</td></tr>{% endfor %}</tbody>
  </table>
</section>
{% endif %}
{% if caixa.observacao %}<section><h2>Observação</h2><p>{{ caixa.observacao }}</p></section>{% endif %}`;
const CLOSING_HEAD = closingHead(METHODS_WIDE);

const CLOSING_FOOT = `<div class="assinaturas">
  {% render "assinatura", rotulo: "Responsável pelo fechamento", detalhe: caixa.fechado_por %}
  {% render "assinatura", rotulo: "Conferido por" %}
</div>
<p class="bloco">Emitido em {{ emitido_em | data_hora }}.</p>
`;

export const CASH_REGISTER_CLOSING_A4 = `${CLOSING_HEAD}
<section>
  <h2>Lançamentos</h2>
  {% if caixa.lancamentos.size == 0 %}<p>Nenhum lançamento.</p>{% else %}
  <table>
    <thead><tr><th scope="col">Hora</th><th scope="col">Lançamento</th><th scope="col">Forma</th><th scope="col">Por</th><th scope="col" class="num">Valor</th></tr></thead>
    <tbody>
      {% for item in caixa.lancamentos %}<tr><td class="nowrap">{{ item.quando | data_hora }}</td><td>{{ item.tipo }}{% if item.origem %} · {{ item.origem }}{% endif %}{% if item.cancelado %} · CANCELADO: {{ item.motivo_cancelamento }}{% endif %}</td><td>{{ item.forma }}</td><td>{{ item.por }}</td><td class="num">{% if item.cancelado %}({{ item.valor | moeda }}){% else %}{{ item.valor | moeda }}{% endif %}</td></tr>{% endfor %}
    </tbody>
  </table>
  {% endif %}
</section>
${CLOSING_FOOT}`;

/** The entries on a roll: one line of text and the amount; shared by both rolls. */
const ROLL_ENTRIES = `<section>
  <h2>Lançamentos</h2>
  {% if caixa.lancamentos.size == 0 %}<p>Nenhum lançamento.</p>{% else %}
  <table>
    <tbody>
      {% for item in caixa.lancamentos %}<tr><td>{{ item.quando | data_hora }} {{ item.tipo }}{% if item.origem %} ({{ item.origem }}){% endif %} · {{ item.forma }}{% if item.cancelado %} · CANCELADO{% endif %}</td><td class="num">{% if item.cancelado %}({{ item.valor | moeda }}){% else %}{{ item.valor | moeda }}{% endif %}</td></tr>{% endfor %}
    </tbody>
  </table>
  {% endif %}
</section>
`;

export const CASH_REGISTER_CLOSING_80MM = `${CLOSING_HEAD}
${ROLL_ENTRIES}${CLOSING_FOOT}`;

/** The 58 mm roll: the methods one under the other (32 columns hold one amount a line). */
export const CASH_REGISTER_CLOSING_58MM = `${closingHead(METHODS_NARROW)}
${ROLL_ENTRIES}${CLOSING_FOOT}`;
