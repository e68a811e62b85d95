# Every unit gets the team's name; the eks module only reads it from v21.
inputs = {
  name = "checkout" # want FL501 `unit live/eu/eks passes input name, which terraform-aws-modules/eks/aws at version 19.21.0 does not declare`
}
