# Everything here is applied by the Crossplane of one account.
scope "." {
  partition = "aws"
  account   = "454545454545"
  region    = "us-west-2"
}
