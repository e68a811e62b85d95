// Command faultline lints Terraform, Helm charts and Kubernetes / Karpenter
// manifests together for cross-layer EKS failure chains.
package main

import "os"

func main() {
	tuneGC(os.Getenv)
	os.Exit(New(os.Stdout, os.Stderr).Run(os.Args[1:]))
}
