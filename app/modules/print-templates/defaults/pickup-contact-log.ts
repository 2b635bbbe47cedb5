/**
 * The attempts to reach a customer whose device waits for pickup, as the
 * shop files them: Brazilian law does not let it dispose of an abandoned
 * device, and this page is its evidence that the customer was told.
 * Data: loja, os, tentativas, emitido_em, papel.
 */
const LOG_HEAD = `{% render "cabecalho_loja", loja: loja %}
<h1>Registro de contatos para retirada · OS nº {{ os.numero }}</h1>
<div class="dados">
  <p>Código de acompanhamento: <span class="codigo">{{ os.codigo }}</span></p>
  <p>Aparelho: {{ os.aparelho.nome }}</p>
  <p>Entrada na loja: {{ os.entrada | data }}</p>
  <p>Situação: {% if os.entrega %}entregue em {{ os.entrega | data_hora }}{% else %}{{ os.situacao }} desde {{ os.aguardando_desde | data }}{% endif %}</p>
  <p>Cliente: {{ os.cliente.nome }}{% if os.cliente.telefone %} · {{ os.cliente.telefone | telefone }}{% endif %}{% if os.cliente.email %} · {{ os.cliente.email }}{% endif %}</p>
</div>
`;

const LOG_FOOT = `<p class="bloco">{% if tentativas.size == 1 %}1 tentativa registrada. {% elsif tentativas.size > 1 %}{{ tentativas.size }} tentativas registradas. {% endif %}Emitido em {{ emitido_em | data_hora }}.</p>
{% render "assinatura", rotulo: "Responsável pela loja", detalhe: loja.nome %}
`;

export const PICKUP_CONTACT_LOG = `${LOG_HEAD}{% if tentativas.size == 0 %}
<p class="bloco">Nenhuma tentativa de contato registrada.</p>
{% else %}
<table class="bloco">
  <caption class="sr-only">Tentativas de contato, da mais antiga para a mais recente</caption>
  <thead>
    <tr>
      <th scope="col">Data e hora</th>
      <th scope="col">Meio</th>
      <th scope="col">Observação</th>
      {% if papel == "a4" %}<th scope="col">Registrado por</th>{% endif %}
    </tr>
  </thead>
  <tbody>
    {% for tentativa in tentativas %}
    <tr>
      <td class="nowrap">{{ tentativa.quando | data_hora }}</td>
      <td>{{ tentativa.meio }}</td>
      <td>{{ tentativa.observacao | default: "—" }}</td>
      {% if papel == "a4" %}<td>{{ tentativa.registrado_por }}</td>{% endif %}
    </tr>
    {% endfor %}
  </tbody>
</table>
{% endif %}
${LOG_FOOT}`;

/** The 58 mm roll: each attempt a line of text (32 columns do not hold a date, a channel and a note side by side). */
export const PICKUP_CONTACT_LOG_58MM = `${LOG_HEAD}{% if tentativas.size == 0 %}
<p class="bloco">Nenhuma tentativa de contato registrada.</p>
{% else %}
<section>
  <h2>Tentativas de contato</h2>
  <ol>
    {% for tentativa in tentativas %}
    <li><span class="nowrap">{{ tentativa.quando | data_hora }}</span> · {{ tentativa.meio }}{% if tentativa.observacao %}: {{ tentativa.observacao }}{% endif %}</li>
    {% endfor %}
  </ol>
</section>
{% endif %}
${LOG_FOOT}`;
