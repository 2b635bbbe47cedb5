/**
 * The customer's receipt of a crediário payment (an instalment, part of
 * one, or an early payoff): what it paid of late charges, interest and
 * principal (Código Civil art. 354: in that order), the interest waived by
 * paying early (CDC art. 52 §2), the instalments it reached and what is
 * still owed. Data: loja, pagamento, papel.
 */
export const CREDIT_PAYMENT_RECEIPT = `{% render "cabecalho_loja", loja: loja %}
<div class="abertura">
  <div>
    <h1>Recibo de pagamento · Crediário nº {{ pagamento.crediario }}</h1>
    <p>Recibo nº {{ pagamento.numero }} · {{ pagamento.data | data_hora }}</p>
    <p>Cliente: {{ pagamento.cliente.nome }}{% if pagamento.cliente.telefone %} · {{ pagamento.cliente.telefone | telefone }}{% endif %}</p>
    <p>Recebido por: {{ pagamento.recebido_por }}</p>
    {% if pagamento.cancelado %}<p><strong>PAGAMENTO CANCELADO</strong>: {{ pagamento.motivo_cancelamento }}</p>{% endif %}
  </div>
</div>
<section>
  <h2>{% if pagamento.quitacao %}Quitação antecipada{% else %}Pagamento{% endif %}</h2>
  <p>{% if pagamento.parcelas.size > 1 %}Parcelas{% else %}Parcela{% endif %} {{ pagamento.parcelas | join: ", " }} de {{ pagamento.total_parcelas }}</p>
  <table>
    <tbody>
      {% if pagamento.encargos > 0 %}<tr><th scope="row">Multa e juros de atraso</th><td class="num">{{ pagamento.encargos | moeda }}</td></tr>{% endif %}
      {% if pagamento.desconto_juros > 0 %}<tr><th scope="row">Juros das parcelas</th><td class="num">{{ pagamento.juros_parcelas | moeda }}</td></tr>
      <tr><th scope="row">Juros abatidos pela antecipação</th><td class="num">{{ pagamento.desconto_juros | times: -1 | moeda }}</td></tr>
      <tr><th scope="row">Juros pagos</th><td class="num">{{ pagamento.juros | moeda }}</td></tr>{% elsif pagamento.juros > 0 %}<tr><th scope="row">Juros do financiamento</th><td class="num">{{ pagamento.juros | moeda }}</td></tr>{% endif %}
      <tr><th scope="row">Amortização</th><td class="num">{{ pagamento.principal | moeda }}</td></tr>
    </tbody>
    <tfoot>
      <tr><th scope="row">Total pago ({{ pagamento.forma }})</th><td class="num">{{ pagamento.valor | moeda }}</td></tr>
    </tfoot>
  </table>
</section>
<p>{% if pagamento.saldo > 0 %}Saldo em aberto do crediário depois deste pagamento: {{ pagamento.saldo | moeda }}.{% else %}Crediário quitado: nada mais é devido.{% endif %}</p>
<p class="bloco">Emitido em {{ emitido_em | data_hora }}.</p>
`;
