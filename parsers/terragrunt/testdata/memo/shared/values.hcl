# values are the stack unit's own.
locals {
  name = values.name
}
