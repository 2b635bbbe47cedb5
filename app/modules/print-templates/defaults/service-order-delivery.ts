/**
 * What the person collecting the device signs: the device handed back, the
 * money settled or left owed, and the warranty with its end date. Stored as
 * issued at the delivery. Data: loja, os, papel.
 */
export const SERVICE_ORDER_DELIVERY = `{% render "cabecalho_loja", loja: loja %}
{% render "os_abertura", titulo: "Comprovante de entrega", os: os, com_entrega: true %}
{% render "os_cliente_aparelho", os: os, com_diagnostico: true %}
{% render "os_orcamento", os: os, papel: papel %}
<section>
  <h2>Entrega e garantia</h2>
  <p><span class="rotulo">Situação:</span> {{ os.situacao }}</p>
  {% if os.retirado_por %}<p><span class="rotulo">Retirado por:</span> {{ os.retirado_por }}</p>{% endif %}
  {% if os.foi_reparado %}<p><span class="rotulo">Garantia:</span> {{ os.garantia_dias }} dias{% if os.garantia_ate %}, até {{ os.garantia_ate | data }}{% endif %}</p>{% endif %}
  <ol>
    {% if os.foi_reparado %}
    <li>O cliente declara ter recebido o aparelho descrito acima, testado na sua presença, com os acessórios listados.</li>
    {% else %}
    <li>O cliente declara ter recebido o aparelho descrito acima, sem reparo, no estado em que foi deixado, com os acessórios listados.</li>
    {% endif %}
    {% if os.foi_reparado and os.garantia_ate %}
    <li>Garantia de {{ os.garantia_dias }} dias para o serviço executado e as peças substituídas, até {{ os.garantia_ate | data }} (Código de Defesa do Consumidor, art. 26, II). A garantia não cobre quedas, contato com líquido, mau uso, nem aparelho aberto ou consertado por terceiros depois desta entrega. Para usá-la, traga este comprovante.</li>
    {% endif %}
    {% if os.saldo_em_aberto_na_entrega > 0 %}
    <li>O saldo de {{ os.saldo_em_aberto_na_entrega | moeda }} ficou em aberto na entrega e foi registrado como débito do cliente.</li>
    {% endif %}
  </ol>
</section>
<div class="assinaturas">
  {% render "assinatura", rotulo: "Assinatura de quem retirou", detalhe: os.retirado_por %}
  {% render "assinatura", rotulo: "Assinatura da loja", detalhe: loja.nome %}
</div>
`;
