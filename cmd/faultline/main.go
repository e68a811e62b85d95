// Command faultline lints Terraform, Helm charts and Kubernetes / Karpenter
// manifests together for cross-layer EKS failure chains.
package main

import "os"

func main() {
	c := New(os.Stdout, os.Stderr)
	gc := tuneGC(os.Getenv, os.DirFS("/"), nil)
	c.PlanRead = raiseMemoryLimit(gc.Limit)
	c.Collector = gc.String()
	os.Exit(c.Run(os.Args[1:]))
}
