/**
 * The letter that reminds one customer of what they owe, handed to them or
 * mailed in a closed envelope in their name. CDC art. 42: a charge must not
 * expose the consumer to ridicule nor threaten, so it is polite, private
 * ("pessoal", nothing on the address block says "debt") and threatens
 * nothing; art. 42-A: it names the supplier (legal name, CNPJ or CPF,
 * address), here in the header and again in its closing line, so a shop's
 * shortened header still leaves it stated. Data: loja, cliente, cobranca, papel.
 */
export const DEBT_REMINDER_LETTER = `{% render "cabecalho_loja", loja: loja %}
<p class="bloco">{{ loja.cidade }}, {{ cobranca.data | data }}.</p>
<div class="bloco destinatario">
  <p>A {{ cliente.nome }}</p>
  {% if cliente.endereco %}<p>{{ cliente.endereco }}</p>{% endif %}
  {% if cliente.cidade %}<p>{% if cliente.bairro %}{{ cliente.bairro }} – {% endif %}{{ cliente.cidade }}{% if cliente.uf %}/{{ cliente.uf }}{% endif %}{% if cliente.cep %} – CEP {{ cliente.cep }}{% endif %}</p>{% endif %}
  <p class="detalhe">Pessoal: para ser entregue somente ao destinatário.</p>
</div>
<h1>Lembrete de pagamento</h1>
<p class="bloco">Olá, {{ cliente.primeiro_nome }}.</p>
{% if cobranca.vencido > 0 %}
<p class="bloco">Escrevemos para lembrar, com todo o respeito, que constam em aberto em seu nome, na {{ loja.nome }}, os valores abaixo, alguns já vencidos. Pode ter sido um esquecimento: estamos à disposição para ajudar.</p>
{% else %}
<p class="bloco">Escrevemos para lembrar, com antecedência, os valores abaixo, que vencem nas datas indicadas.</p>
{% endif %}
<section>
  <h2>Valores em aberto</h2>
  <table>
    <thead>
      <tr>
        <th scope="col">Descrição</th>
        <th scope="col">Vencimento</th>
        <th scope="col" class="num">Valor</th>
      </tr>
    </thead>
    <tbody>
      {% for item in cobranca.itens %}
      <tr>
        <td>{{ item.descricao }}</td>
        <td>{{ item.vencimento | data }}{% if item.dias_atraso == 1 %} (vencido há 1 dia){% elsif item.dias_atraso > 1 %} (vencido há {{ item.dias_atraso }} dias){% endif %}</td>
        <td class="num">{{ item.valor | moeda }}</td>
      </tr>
      {% endfor %}
    </tbody>
    <tfoot>
      {% if cobranca.vencido > 0 and cobranca.a_vencer > 0 %}
      <tr><th scope="row" colspan="2">Vencido</th><td class="num">{{ cobranca.vencido | moeda }}</td></tr>
      <tr><th scope="row" colspan="2">A vencer</th><td class="num">{{ cobranca.a_vencer | moeda }}</td></tr>
      {% endif %}
      <tr><th scope="row" colspan="2">Total em aberto</th><td class="num">{{ cobranca.total | moeda }}</td></tr>
    </tfoot>
  </table>
  {% if cobranca.com_crediario_em_atraso %}<p class="bloco">Nas parcelas do crediário em atraso, a multa e os juros de atraso previstos no contrato correm até o dia do pagamento: o valor do PIX abaixo já os inclui até a data em que vale.</p>{% endif %}
</section>
<section>
  <h2>Como pagar</h2>
  {% if cobranca.pix_copia_e_cola %}
  <div class="abertura">
    <div>
      <p>Por PIX, o valor de <strong>{{ cobranca.valor_pix | moeda }}</strong>{% if cobranca.vencido > 0 %} (o que venceu até hoje{% if cobranca.encargos_pix > 0 %}, já com {{ cobranca.encargos_pix | moeda }} de multa e juros de atraso do crediário{% endif %}){% else %} (o que vence em {{ cobranca.vencimento_pix | data }}){% endif %}{% if cobranca.valido_ate %}, válido para pagamento até {{ cobranca.valido_ate | data }}{% endif %}: aponte a câmera do aplicativo do banco para o QR code ou use o código "copia e cola":</p>
      <p class="pix">{{ cobranca.pix_copia_e_cola }}</p>
    </div>
    <figure class="qr">
      <img src="{{ cobranca.pix_copia_e_cola | qrcode }}" alt="QR code PIX de {{ cobranca.valor_pix | moeda }}">
      <figcaption>PIX {{ cobranca.valor_pix | moeda }}</figcaption>
    </figure>
  </div>
  <p class="bloco">Ou na loja, em dinheiro, cartão ou PIX: {{ loja.endereco }} – {{ loja.cidade }}/{{ loja.uf }}.</p>
  {% else %}
  <p>Na loja, em dinheiro, cartão ou PIX: {{ loja.endereco }} – {{ loja.cidade }}/{{ loja.uf }}.</p>
  {% endif %}
  <p>Se precisar combinar outra data ou forma de pagamento, fale com a gente{% if loja.whatsapp %} pelo WhatsApp {{ loja.whatsapp | telefone }}{% endif %}{% if loja.email %} ou pelo e-mail {{ loja.email }}{% endif %}.</p>
</section>
<p class="bloco">Se o pagamento já foi feito, por favor desconsidere esta carta e, se puder, envie-nos o comprovante para atualizarmos o registro.</p>
<p class="bloco">Atenciosamente,</p>
{% render "assinatura", rotulo: loja.nome, detalhe: loja.razao_social %}
<p class="bloco detalhe">Cobrança de {{ loja.razao_social }}, {{ loja.documento_rotulo | default: "CNPJ" }} {{ loja.cnpj | cpf_cnpj }}, {{ loja.endereco }} – {{ loja.cidade }}/{{ loja.uf }} (Código de Defesa do Consumidor, art. 42-A). Esta carta é pessoal e se destina somente a {{ cliente.nome }}.</p>
`;
