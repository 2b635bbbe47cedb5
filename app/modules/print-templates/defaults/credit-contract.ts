/**
 * The crediário contract (CDC art. 52 and 54-B): who lends and who owes,
 * the cash price and the amount financed, the monthly and yearly rates, the
 * CET and its components, each instalment with its date, the totals with
 * and without financing, the late charges, the right to pay early with the
 * interest reduced, the offer's validity, and signature lines. Stored as
 * issued when the plan is saved. Data: loja, contrato, papel.
 */
/** The disclosure and the late and early-payment terms are locked clauses (locked-clauses.ts): placed here, written there. */
const TERMS = `{% clausula "crediario_condicoes" %}`;

const CLAUSES = `{% clausula "crediario_atraso_antecipacao" %}`;

export const CREDIT_CONTRACT_A4 = `{% render "cabecalho_loja", loja: loja %}
<h1>Contrato de crediário nº {{ contrato.numero }}</h1>
<div class="dados">
  <p>Data: {{ contrato.data | data }} · Origem: {{ contrato.origem }}</p>
  <p>Credor: {{ loja.razao_social }} ({{ loja.nome }}), {{ loja.documento_rotulo | default: "CNPJ" }} {{ loja.cnpj | cpf_cnpj }}, {{ loja.endereco }} – {{ loja.cidade }}/{{ loja.uf }}, {{ loja.email }}</p>
  <p>Cliente: {{ contrato.cliente.nome }}{% if contrato.cliente.documento %} · {{ contrato.cliente.documento_rotulo }} {{ contrato.cliente.documento | cpf_cnpj }}{% endif %}{% if contrato.cliente.telefone %} · {{ contrato.cliente.telefone | telefone }}{% endif %}</p>
  {% if contrato.cliente.endereco %}<p>Endereço: {{ contrato.cliente.endereco }}</p>{% endif %}
</div>
${TERMS}
<section>
  <h2>Parcelas</h2>
  <table>
    <thead>
      <tr>
        <th scope="col">Nº</th>
        <th scope="col">Vencimento</th>
        <th scope="col" class="num">Valor</th>
        <th scope="col" class="num">Juros</th>
        <th scope="col" class="num">Amortização</th>
        <th scope="col" class="num">Saldo</th>
      </tr>
    </thead>
    <tbody>
      {% for parcela in contrato.parcelas %}
      <tr>
        <td>{{ parcela.numero }}</td>
        <td>{{ parcela.vencimento | data }}</td>
        <td class="num">{{ parcela.valor | moeda }}</td>
        <td class="num">{{ parcela.juros | moeda }}</td>
        <td class="num">{{ parcela.amortizacao | moeda }}</td>
        <td class="num">{{ parcela.saldo | moeda }}</td>
      </tr>
      {% endfor %}
    </tbody>
    <tfoot>
      <tr><th scope="row" colspan="2">Total das parcelas</th><td class="num">{{ contrato.total_parcelas | moeda }}</td><td colspan="3"></td></tr>
    </tfoot>
  </table>
</section>
${CLAUSES}
<div class="assinaturas">
  {% render "assinatura", rotulo: "Assinatura do cliente", detalhe: contrato.cliente.nome %}
  {% render "assinatura", rotulo: "Assinatura da loja", detalhe: loja.nome %}
</div>
`;

export const CREDIT_CONTRACT_80MM = `{% render "cabecalho_loja", loja: loja %}
<h1>Contrato de crediário nº {{ contrato.numero }}</h1>
<div class="dados">
  <p>Data: {{ contrato.data | data }} · {{ contrato.origem }}</p>
  <p>Cliente: {{ contrato.cliente.nome }}{% if contrato.cliente.documento %} · {{ contrato.cliente.documento_rotulo }} {{ contrato.cliente.documento | cpf_cnpj }}{% endif %}</p>
</div>
${TERMS}
<section>
  <h2>Parcelas</h2>
  <table>
    <tbody>
      {% for parcela in contrato.parcelas %}
      <tr><td>{{ parcela.numero }} · {{ parcela.vencimento | data }}</td><td class="num">{{ parcela.valor | moeda }}</td></tr>
      {% endfor %}
    </tbody>
  </table>
</section>
${CLAUSES}
<div class="assinaturas">
  {% render "assinatura", rotulo: "Assinatura do cliente", detalhe: contrato.cliente.nome %}
  {% render "assinatura", rotulo: "Assinatura da loja", detalhe: loja.nome %}
</div>
`;
