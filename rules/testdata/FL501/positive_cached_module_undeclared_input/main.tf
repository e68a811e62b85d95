# The platform team bumped the workers module to 3.x; the call still passes
# the disk size input that 3.x dropped in favour of block device settings.
module "workers" {
  source  = "platform-tools/workers/aws"
  version = "~> 3.1"

  cluster_name   = "payments"
  instance_types = ["m6i.large"]
  disk_size      = 80 # want FL501 "module.workers passes input disk_size, which platform-tools/workers/aws at version 3.1.4 \\(installed in the module cache\\) does not declare"
}
