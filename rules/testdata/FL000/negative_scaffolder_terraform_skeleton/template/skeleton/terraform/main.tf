# Filled in by the developer portal when a team asks for a queue.
resource "aws_sqs_queue" "this" {
  name                      = "${{ values.queueName }}"
  message_retention_seconds = ${{ values.retentionSeconds }}
  {%- if values.fifo %}
  fifo_queue = true
  {%- endif %}
}
