/**
 * The warranty of a repaired device, on its own: the contractual period and
 * what it covers and excludes, and the legal warranty that adds to it
 * (CDC arts. 26 and 50, a locked clause). Stored as issued at the delivery.
 * Data: loja, os, papel.
 */
export const WARRANTY_TERM = `{% render "cabecalho_loja", loja: loja %}
<h1>Termo de garantia · OS nº {{ os.numero }}</h1>
<div class="dados">
  <p>Cliente: {{ os.cliente.nome }}{% if os.cliente.telefone %} · {{ os.cliente.telefone | telefone }}{% endif %}</p>
  <p>Aparelho: {{ os.aparelho.nome }}{% if os.aparelho.imei_serie %} · IMEI/série {{ os.aparelho.imei_serie }}{% endif %}</p>
  <p>Entregue em {{ os.entrega | data_hora }}{% if os.retirado_por %} a {{ os.retirado_por }}{% endif %}</p>
</div>
<section>
  <h2>Prazo</h2>
  <p>Garantia contratual de {{ os.garantia_dias }} dias, de {{ os.entrega | data }} até {{ os.garantia_ate | data }}.</p>
</section>
<section>
  <h2>O que a garantia cobre</h2>
  <p>O serviço executado e as peças substituídas nesta ordem de serviço:</p>
  {% if os.itens.size > 0 %}
  <ul>
    {% for item in os.itens %}<li>{{ item.descricao }}{% if item.quantidade > 1 %} ({{ item.quantidade }}){% endif %}</li>{% endfor %}
  </ul>
  {% endif %}
  {% if os.diagnostico %}<p><span class="rotulo">Defeito reparado:</span> {{ os.diagnostico }}</p>{% endif %}
  <p>Se o defeito reparado voltar dentro do prazo, a loja refaz o serviço e troca a peça sem custo.</p>
</section>
<section>
  <h2>O que a garantia não cobre</h2>
  <ol>
    <li>Danos causados por contato com líquido ou umidade.</li>
    <li>Quedas, impactos, pressão ou trincas, na tela ou na carcaça.</li>
    <li>Aparelho aberto, ajustado ou consertado por terceiros depois desta entrega.</li>
    <li>Mau uso, carregadores ou acessórios inadequados e descargas elétricas.</li>
    <li>Defeitos em outras partes do aparelho, sem relação com o serviço executado.</li>
  </ol>
</section>
{% clausula "garantia_legal" %}
<section>
  <h2>Como usar</h2>
  <p>Traga o aparelho com este termo ou informe o número da OS. A loja examina o aparelho e, se o defeito for coberto, o reparo é feito sem custo.</p>
</section>
<div class="assinaturas">
  {% render "assinatura", rotulo: "Assinatura de quem retirou", detalhe: os.retirado_por %}
  {% render "assinatura", rotulo: "Assinatura da loja", detalhe: loja.nome %}
</div>
`;
