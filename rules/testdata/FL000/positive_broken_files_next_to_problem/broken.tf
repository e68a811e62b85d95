resource "aws_iam_role" "broken" {
  name = "half-written"
  tags = { team = "platform" ] # want FL000 "Missing key/value separator|Invalid|Missing"
}

resource "aws_iam_role" "after_the_error" {
  name = "still-here"
}
