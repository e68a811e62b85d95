output "here" {
  value = "inplace"
}
