/**
 * The customer's receipt of a counter sale: the items at the prices sold,
 * the discounts, how it was paid and the change. Data: loja, venda, papel.
 * A4 shows the unit price and each line's discount; the 80 mm roll keeps
 * to description, quantity and quantity × price (48 columns), the
 * discounts summed under them.
 */
const HEADER = `{% render "cabecalho_loja", loja: loja %}
<div class="abertura">
  <div>
    <h1>Recibo de venda · {{ venda.codigo }}</h1>
    <p>Data: {{ venda.data | data_hora }}</p>
    <p>Atendido por: {{ venda.vendedor }}</p>
    {% if venda.cliente %}<p>Cliente: {{ venda.cliente.nome }}{% if venda.cliente.telefone %} · {{ venda.cliente.telefone | telefone }}{% endif %}</p>{% endif %}
    {% if venda.cancelada %}<p><strong>VENDA CANCELADA</strong>{% if venda.motivo_cancelamento %}: {{ venda.motivo_cancelamento }}{% endif %}</p>{% endif %}
  </div>
</div>`;

const PAYMENTS = `<section>
  <h2>Pagamento</h2>
  <table>
    <tbody>
      {% for pagamento in venda.pagamentos %}
      <tr><th scope="row">{{ pagamento.forma }}{% if pagamento.parcelas > 1 %} em {{ pagamento.parcelas }}x{% endif %}</th><td class="num">{{ pagamento.valor | moeda }}</td></tr>
      {% endfor %}
      {% if venda.recebido > 0 %}<tr><th scope="row">Recebido em dinheiro</th><td class="num">{{ venda.recebido | moeda }}</td></tr>{% endif %}
      {% if venda.troco > 0 %}<tr><th scope="row">Troco</th><td class="num">{{ venda.troco | moeda }}</td></tr>{% endif %}
    </tbody>
  </table>
  {% if venda.tem_crediario %}<p>O valor em crediário fica como débito do cliente, nas condições combinadas com a loja.</p>{% endif %}
</section>
<p>Trocas e devoluções com este recibo. Garantia legal conforme o Código de Defesa do Consumidor (art. 26).</p>`;

export const SALE_RECEIPT_A4 = `${HEADER}
<section>
  <h2>Itens</h2>
  <table>
    <thead>
      <tr>
        <th scope="col">Descrição</th>
        <th scope="col" class="num">Qtd.</th>
        <th scope="col" class="num">Unitário</th>
        <th scope="col" class="num">Desconto</th>
        <th scope="col" class="num">Total</th>
      </tr>
    </thead>
    <tbody>
      {% for item in venda.itens %}
      <tr>
        <td>{{ item.descricao }}</td>
        <td class="num">{{ item.quantidade }}</td>
        <td class="num">{{ item.unitario | moeda }}</td>
        <td class="num">{% if item.desconto > 0 %}{{ item.desconto | times: -1 | moeda }}{% endif %}</td>
        <td class="num">{{ item.total | moeda }}</td>
      </tr>
      {% endfor %}
    </tbody>
    <tfoot>
      {% if venda.descontos > 0 %}
      <tr><th scope="row" colspan="4">Subtotal</th><td class="num">{{ venda.subtotal | moeda }}</td></tr>
      {% if venda.desconto_fidelidade > 0 %}
      <tr><th scope="row" colspan="4">{{ venda.desconto_fidelidade_rotulo }}</th><td class="num">{{ venda.desconto_fidelidade | times: -1 | moeda }}</td></tr>
      {% assign outros_descontos = venda.descontos | minus: venda.desconto_fidelidade %}
      {% if outros_descontos > 0 %}<tr><th scope="row" colspan="4">Descontos</th><td class="num">{{ outros_descontos | times: -1 | moeda }}</td></tr>{% endif %}
      {% else %}
      <tr><th scope="row" colspan="4">Descontos</th><td class="num">{{ venda.descontos | times: -1 | moeda }}</td></tr>
      {% endif %}
      {% endif %}
      <tr><th scope="row" colspan="4">Total</th><td class="num">{{ venda.total | moeda }}</td></tr>
    </tfoot>
  </table>
</section>
${PAYMENTS}
`;

export const SALE_RECEIPT_80MM = `${HEADER}
<section>
  <h2>Itens</h2>
  <table>
    <thead>
      <tr>
        <th scope="col">Descrição</th>
        <th scope="col" class="num">Qtd.</th>
        <th scope="col" class="num">Total</th>
      </tr>
    </thead>
    <tbody>
      {% for item in venda.itens %}
      <tr>
        <td>{{ item.descricao }}{% if item.quantidade > 1 %} ({{ item.unitario | moeda }} cada){% endif %}</td>
        <td class="num">{{ item.quantidade }}</td>
        <td class="num">{{ item.bruto | moeda }}</td>
      </tr>
      {% endfor %}
    </tbody>
    <tfoot>
      {% if venda.descontos > 0 %}
      <tr><th scope="row" colspan="2">Subtotal</th><td class="num">{{ venda.subtotal | moeda }}</td></tr>
      {% if venda.desconto_fidelidade > 0 %}
      <tr><th scope="row" colspan="2">{{ venda.desconto_fidelidade_rotulo }}</th><td class="num">{{ venda.desconto_fidelidade | times: -1 | moeda }}</td></tr>
      {% assign outros_descontos = venda.descontos | minus: venda.desconto_fidelidade %}
      {% if outros_descontos > 0 %}<tr><th scope="row" colspan="2">Descontos</th><td class="num">{{ outros_descontos | times: -1 | moeda }}</td></tr>{% endif %}
      {% else %}
      <tr><th scope="row" colspan="2">Descontos</th><td class="num">{{ venda.descontos | times: -1 | moeda }}</td></tr>
      {% endif %}
      {% endif %}
      <tr><th scope="row" colspan="2">Total</th><td class="num">{{ venda.total | moeda }}</td></tr>
    </tfoot>
  </table>
</section>
${PAYMENTS}
`;
