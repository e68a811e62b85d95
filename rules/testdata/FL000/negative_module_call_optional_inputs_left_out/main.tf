module "jobs" {
  source = "./modules/queue"
  name   = "jobs"
}

module "jobs_dlq" {
  source            = "./modules/queue"
  name              = "jobs-dlq"
  retention_seconds = 1209600
}
