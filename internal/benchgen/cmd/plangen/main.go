//go:build devtools

// Command plangen writes a plan of many managed node group deletions
// (benchgen.GroupPlan) as DIR/plan.json, and its node classes into
// DIR/tree:
//
//	go run -tags devtools ./internal/benchgen/cmd/plangen -out /tmp/p -deletions 200000 -roles 200000 -classes 10
//	cd /tmp/p && faultline lint --plan plan.json tree
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/benchgen"
)

func main() {
	out := flag.String("out", "", "directory to write plan.json and tree/ into (required)")
	var g benchgen.GroupPlan
	flag.IntVar(&g.Deletions, "deletions", 10000, "managed node groups deleted")
	flag.IntVar(&g.Roles, "roles", 10, "roles the node groups run as (group i: role i mod roles)")
	flag.IntVar(&g.Created, "created", 0, "managed node groups created")
	flag.BoolVar(&g.Mixed, "mixed", false, "also delete each role's instance profile, access entry or the role")
	flag.IntVar(&g.Classes, "classes", 10, "Karpenter node classes (class k runs as role k)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 || g.Roles < 1 {
		fmt.Fprintln(os.Stderr, "usage: plangen -out DIR [-deletions N] [-roles N (≥1)] [-created N] [-mixed] [-classes N]")
		os.Exit(2)
	}
	if err := write(*out, g); err != nil {
		fmt.Fprintln(os.Stderr, "plangen:", err)
		os.Exit(1)
	}
}

func write(dir string, g benchgen.GroupPlan) error {
	tree := filepath.Join(dir, "tree")
	if err := os.MkdirAll(tree, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", tree, err)
	}
	if err := g.WriteTree(tree); err != nil {
		return err
	}
	data, err := g.JSON()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "plan.json"), data, 0o644); err != nil {
		return fmt.Errorf("writing the plan: %w", err)
	}
	return nil
}
