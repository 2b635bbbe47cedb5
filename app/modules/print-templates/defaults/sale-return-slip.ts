/**
 * The customer's slip of a return (devolução) of items of a past sale:
 * which sale, when it came back, the items returned with what each gives
 * back (its share of the sale's discounts taken off), how the value went
 * back (money by a method, an estorno on the card, a store credit, or set
 * against the sale's crediário) and the customer's signature. Issued with
 * the return (a reprint prints what was signed). Data: loja, devolucao,
 * papel. A4 shows the unit price and each line's discount; the rolls keep
 * to description, quantity and total (48 columns).
 */
export const SALE_RETURN_SLIP = `{% render "cabecalho_loja", loja: loja %}
<div class="abertura">
  <div>
    <h1>Comprovante de devolução · Venda {{ devolucao.venda.codigo }}</h1>
    <p>Devolução nº {{ devolucao.numero }}: {{ devolucao.data | data_hora }}</p>
    <p>Venda nº {{ devolucao.venda.numero }} de {{ devolucao.venda.data | data_hora }}</p>
    {% if devolucao.cliente %}<p>Cliente: {{ devolucao.cliente.nome }}{% if devolucao.cliente.telefone %} · {{ devolucao.cliente.telefone | telefone }}{% endif %}</p>{% endif %}
    <p>Registrada por: {{ devolucao.feita_por }}</p>
    <p>Motivo: {{ devolucao.motivo }}</p>
  </div>
</div>
<section>
  <h2>Itens devolvidos</h2>
  {% if papel == "a4" %}{% assign colunas_rotulo = 4 %}{% else %}{% assign colunas_rotulo = 2 %}{% endif %}
  <table>
    <thead>
      <tr>
        <th scope="col">Descrição</th>
        <th scope="col" class="num">Qtd.</th>
        {% if papel == "a4" %}<th scope="col" class="num">Unitário</th>
        <th scope="col" class="num">Desconto</th>{% endif %}
        <th scope="col" class="num">Total</th>
      </tr>
    </thead>
    <tbody>
      {% for item in devolucao.itens %}
      <tr>
        {% if papel == "a4" %}<td>{{ item.descricao }}</td>{% else %}<td>{{ item.descricao }}{% if item.quantidade > 1 or item.desconto > 0 %} ({{ item.unitario | moeda }} cada{% if item.desconto > 0 %}, desconto {{ item.desconto | moeda }}{% endif %}){% endif %}</td>{% endif %}
        <td class="num">{{ item.quantidade }}</td>
        {% if papel == "a4" %}<td class="num">{{ item.unitario | moeda }}</td>
        <td class="num">{% if item.desconto > 0 %}{{ item.desconto | times: -1 | moeda }}{% endif %}</td>{% endif %}
        <td class="num">{{ item.total | moeda }}</td>
      </tr>
      {% endfor %}
    </tbody>
    <tfoot>
      <tr><th scope="row" colspan="{{ colunas_rotulo }}">Total devolvido</th><td class="num">{{ devolucao.total | moeda }}</td></tr>
    </tfoot>
  </table>
</section>
<section>
  <h2>Como o valor voltou ao cliente</h2>
  {% if devolucao.destinos.size == 0 %}
  <p>Nenhum valor a devolver.</p>
  {% else %}
  <table>
    <tbody>
      {% for destino in devolucao.destinos %}
      <tr><th scope="row">{{ destino.forma }}</th><td class="num">{{ destino.valor | moeda }}</td></tr>
      {% endfor %}
    </tbody>
  </table>
  {% endif %}
</section>
<p class="bloco">Declaro que devolvi os itens acima à loja e recebi o valor da forma indicada.</p>
<div class="assinaturas">
  {% render "assinatura", rotulo: "Assinatura do cliente", detalhe: devolucao.cliente.nome %}
</div>
`;
