# Read with read_terragrunt_config: its own file() reads beside it.
locals { owner = trimspace(file("owner.txt")) }
