variable "topics" {
  type    = list(string)
  default = ["audit", "billing"]
}

variable "subscribers" {
  type = list(string)
}

# A list made a set is what for_each takes.
resource "aws_sns_topic" "events" {
  for_each = toset(var.topics)
  name     = each.key
}

# A list whose value is given only at plan: not known here, so not judged.
resource "aws_sns_topic_subscription" "mail" {
  for_each  = var.subscribers
  topic_arn = aws_sns_topic.events["audit"].arn
  protocol  = "email"
  endpoint  = each.value
}

# A dynamic block iterates over a list as it is.
resource "aws_security_group" "edge" {
  name = "edge"

  dynamic "ingress" {
    for_each = [80, 443]
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["0.0.0.0/0"]
    }
  }
}
