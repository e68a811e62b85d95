# Calling the directory of alternatives as a module reads every file of
# it: Terraform refuses the three calls of one name.
module "clouds" {
  source = "../templates/clouds"
}
