// Package modsource resolves Terraform module sources without evaluating
// anything: registry addresses and the hosts that serve one namespace,
// version constraints and the versions they allow, the module cache
// manifest `terraform init` writes, and the index of the built-in
// stand-ins (package models) by module and version.
package modsource
