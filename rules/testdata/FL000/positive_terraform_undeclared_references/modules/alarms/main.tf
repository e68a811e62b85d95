# Its variables.tf was never committed: the module the root calls reads
# inputs it does not declare, and Terraform refuses the call's module.
resource "aws_cloudwatch_metric_alarm" "backlog" {
  alarm_name          = "${var.queue_name}-backlog" # want FL000 `An input variable with the name "queue_name" has not been declared\.`
  namespace           = "AWS/SQS"
  metric_name         = "ApproximateNumberOfMessagesVisible"
  statistic           = "Maximum"
  comparison_operator = "GreaterThanThreshold"
  threshold           = 1000
  period              = 300
  evaluation_periods  = 3
}
