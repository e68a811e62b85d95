output "bucket" {
  value = "logs-archive"
}
