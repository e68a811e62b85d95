# The source names the unit's own directory, the way a template copied
# from units that live side by side writes it.
terraform {
  source = "..//selfsource"
}
