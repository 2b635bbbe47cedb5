/**
 * A suprimento (cash put in) or a sangria (cash taken out) as the shop files
 * it: the amount, why, who, and the lines where whoever handed over and
 * whoever received the cash sign. Data: loja, movimento, emitido_em, papel.
 */
export const CASH_MOVEMENT_SLIP = `{% render "cabecalho_loja", loja: loja %}
<h1>{{ movimento.tipo }} · lançamento nº {{ movimento.numero }}</h1>
<div class="dados">
  <p><span class="rotulo">Caixa:</span> nº {{ movimento.caixa }}</p>
  <p><span class="rotulo">Data e hora:</span> {{ movimento.quando | data_hora }}</p>
  <p><span class="rotulo">Valor:</span> <strong>{{ movimento.valor | moeda }}</strong></p>
  <p><span class="rotulo">Motivo:</span> {{ movimento.motivo }}</p>
  <p><span class="rotulo">Registrado por:</span> {{ movimento.registrado_por }}</p>
  {% if movimento.cancelado %}<p class="bloco"><strong>CANCELADO</strong> por {{ movimento.cancelado.por }}: {{ movimento.cancelado.motivo }}</p>{% endif %}
</div>
<p class="bloco">{% if movimento.e_sangria %}Declaro que retirei do caixa a quantia acima.{% else %}Declaro que coloquei no caixa a quantia acima.{% endif %}</p>
<div class="assinaturas">
  {% render "assinatura", rotulo: "Responsável pelo caixa", detalhe: movimento.registrado_por %}
  {% if movimento.e_sangria %}{% render "assinatura", rotulo: "Quem recebeu o dinheiro" %}{% else %}{% render "assinatura", rotulo: "Quem entregou o dinheiro" %}{% endif %}
</div>
<p class="bloco">Emitido em {{ emitido_em | data_hora }}.</p>
`;
