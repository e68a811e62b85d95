terraform {
  source = "../../modules/nodes"
}
