terraform {
  source = "../../../modules/vpc"
}
