/**
 * A warranty on its own, for a repaired device (`garantia.os`) or a sold
 * item (`garantia.venda`, with the unit's IMEI or serial): the contractual
 * period, what it covers and excludes, and the legal warranty that is
 * counted after it (CDC arts. 26 and 50, a locked clause). Stored as issued (at the delivery,
 * or when issued on /warranty-contract). Data: loja, garantia, papel (and
 * `os` at a delivery).
 */
export const WARRANTY_TERM = `{% render "cabecalho_loja", loja: loja %}
<h1>Termo de garantia nº {{ garantia.numero }}{% if garantia.os %} · OS nº {{ garantia.os.numero }}{% elsif garantia.venda %} · Venda nº {{ garantia.venda.numero }}{% endif %}</h1>
<div class="dados">
  <p>Cliente: {{ garantia.cliente.nome }}{% if garantia.cliente.telefone %} · {{ garantia.cliente.telefone | telefone }}{% endif %}</p>
  <p>{% if garantia.os %}Aparelho{% else %}Produto{% endif %}: {{ garantia.item }}{% if garantia.imei_serie %} · IMEI/série {{ garantia.imei_serie }}{% endif %}</p>
  {% if garantia.os %}<p>Entregue em {{ garantia.os.entrega | data_hora }}{% if garantia.os.entregue_a %} {{ garantia.os.entregue_a }}{% endif %}</p>{% elsif garantia.venda %}<p>Vendido em {{ garantia.venda.data | data_hora }} · {{ garantia.venda.codigo }}</p>{% endif %}
</div>
<section>
  <h2>Prazo</h2>
  <p>Garantia contratual de {{ garantia.dias }} dias, de {{ garantia.inicio | data }} até {{ garantia.fim | data }}.</p>
  <p>Terminada a garantia contratual, corre a garantia legal de {{ garantia.dias_garantia_legal }} dias, até {{ garantia.fim_garantia_legal | data }}.</p>
</section>
<section>
  <h2>O que a garantia cobre</h2>
  <p>{{ garantia.cobertura }}</p>
  {% if garantia.os and garantia.os.itens.size > 0 %}
  <ul>
    {% for item in garantia.os.itens %}<li>{{ item.descricao }}{% if item.quantidade > 1 %} ({{ item.quantidade }}){% endif %}</li>{% endfor %}
  </ul>
  {% endif %}
  {% if garantia.os.diagnostico %}<p><span class="rotulo">Defeito reparado:</span> {{ garantia.os.diagnostico }}</p>{% endif %}
</section>
<section>
  <h2>O que a garantia não cobre</h2>
  <ol>
    {% for exclusao in garantia.exclusoes %}<li>{{ exclusao }}</li>{% endfor %}
  </ol>
</section>
{% clausula "garantia_legal" %}
<section>
  <h2>Como usar</h2>
  <p>Traga o {% if garantia.os %}aparelho{% else %}produto{% endif %} com este termo ou informe o número da garantia ({{ garantia.numero }}). A loja examina e, se o defeito for coberto, o reparo é feito sem custo.</p>
</section>
<div class="assinaturas">
  {% if garantia.os %}{% render "assinatura", rotulo: "Assinatura de quem retirou", detalhe: garantia.os.retirado_por %}{% else %}{% render "assinatura", rotulo: "Assinatura do cliente", detalhe: garantia.cliente.nome %}{% endif %}
  {% render "assinatura", rotulo: "Assinatura da loja", detalhe: loja.nome %}
</div>
`;
