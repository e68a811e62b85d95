# Added by a generator beside the hand-written terraform block;
# terraform init refuses both blocks below.
terraform {
  required_providers { # want FL000 `Duplicate required providers configuration: A module may have only one required providers configuration. The required providers were previously configured at main.tf:3,3-21.`
    helm = {
      source = "hashicorp/helm"
    }
  }
  backend "s3" { # want FL000 `Duplicate backend configuration: A module may have only one backend configuration. The backend was previously configured at main.tf:9,3-15.`
    bucket = "platform-tfstate"
    key    = "eks/terraform.tfstate"
    region = "eu-west-1"
  }
}
