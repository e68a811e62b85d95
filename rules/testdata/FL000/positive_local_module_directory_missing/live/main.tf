# The runners module was moved to modules/ci-runners, but this call still
# names its old directory, which no longer exists: terraform init stops
# here ("Unreadable module directory").
module "runner" { # want FL000 `Unreadable module directory: The directory ../modules/runner could not be read for module "runner": it does not exist.`
  source = "../modules/runner"

  name = "ci"
}
