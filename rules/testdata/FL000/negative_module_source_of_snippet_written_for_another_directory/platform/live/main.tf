terraform {
  backend "s3" {
    bucket = "acme-platform-state"
    key    = "live.tfstate"
    region = "us-east-1"
  }
}

resource "aws_sqs_queue" "jobs" {
  name = "platform-jobs"
}
