/**
 * What the customer takes home when the device comes in: the order, its
 * tracking code and QR, the device as it arrived, the quote so far and the
 * conditions of the service. Data: loja, os, papel.
 */
export const SERVICE_ORDER_ENTRY = `{% render "cabecalho_loja", loja: loja %}
{% render "os_abertura", titulo: "Comprovante de entrada", os: os, com_entrega: false %}
{% render "os_cliente_aparelho", os: os, com_diagnostico: false %}
{% render "os_orcamento", os: os, papel: papel %}
<section>
  <h2>Condições</h2>
  <ol>
    <li>Guarde este comprovante: ele é pedido na retirada. Sem ele, o aparelho é entregue ao titular, com documento com foto.</li>
    <li>Nenhum reparo é feito sem a aprovação do orçamento pelo cliente, na loja, por telefone, por WhatsApp ou pela consulta online.</li>
    <li>Acompanhe o andamento em {{ os.endereco_consulta }} com o código {{ os.codigo }}, ou pelo QR code deste comprovante.</li>
    <li>Os acessórios não listados acima não ficaram na loja. Recomendamos retirar o chip e o cartão de memória e fazer cópia dos dados.</li>
    <li>O prazo prometido é uma previsão e pode mudar se for preciso encomendar peças; avisaremos pelo telefone informado.</li>
    <li>O serviço executado tem garantia de {{ os.garantia_dias }} dias a partir da entrega (Código de Defesa do Consumidor, art. 26, II).</li>
    <li>Concluído o serviço, recusado o orçamento ou constatada a falta de reparo, o cliente é avisado para retirar o aparelho. Aparelhos não retirados em até 90 dias após o aviso continuam guardados, e a loja registra cada tentativa de contato; as providências seguintes serão as previstas em lei.</li>
  </ol>
  {% clausula "validade_orcamento" %}
</section>
<div class="assinaturas">
  {% render "assinatura", rotulo: "Assinatura do cliente", detalhe: os.cliente.nome %}
  {% render "assinatura", rotulo: "Assinatura da loja", detalhe: loja.nome %}
</div>
`;
