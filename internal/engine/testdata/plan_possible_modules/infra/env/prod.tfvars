pools = {
  gpu = "g5"
  cpu = "m7"
}
legacy_enabled = false
