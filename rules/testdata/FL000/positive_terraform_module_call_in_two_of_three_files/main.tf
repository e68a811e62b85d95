resource "aws_s3_bucket" "audit" {
  bucket = "orders-audit"
}
