# Shared by units that must run: its skip is not theirs.
skip = true

inputs = {
  region = "eu-west-1"
}
