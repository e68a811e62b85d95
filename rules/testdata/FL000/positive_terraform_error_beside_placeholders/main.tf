resource "aws_s3_bucket" "logs" {
  bucket = "${{ values.bucket }}"
  tags = { team = "data" ] # want FL000 "Missing key/value separator|Invalid|Missing"
}
