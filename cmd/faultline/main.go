// Command faultline lints Terraform, Helm charts and Kubernetes / Karpenter
// manifests together for cross-layer EKS failure chains.
package main

import "os"

func main() {
	c := New(os.Stdout, os.Stderr)
	c.PlanRead = raiseMemoryLimit(tuneGC(os.Getenv, os.DirFS("/")))
	os.Exit(c.Run(os.Args[1:]))
}
