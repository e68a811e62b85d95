# Passed to `terraform init -backend-config=backend.tf` from the root
# above; nobody plans this directory.
bucket         = "ledger-terraform-state"
key            = "platform/eks.tfstate"
region         = "eu-west-1"
dynamodb_table = "ledger-terraform-locks"
