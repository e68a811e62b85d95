//go:build devtools

// Command benchgen writes the benchmark monorepo of package benchgen.
//
//	go run -tags devtools ./internal/benchgen/cmd/benchgen -out /tmp/tree -teams 500
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/faultline-dev/faultline/internal/benchgen"
)

func main() {
	out := flag.String("out", "", "directory to write the tree into (required)")
	teams := flag.Int("teams", 500, "number of teams (two root modules each)")
	resources := flag.Int("resources", 20, "resource instances per root module (an unrelated tail fills up to it)")
	shareEvery := flag.Int("share-every", 20, "every Nth team shares its node role with Karpenter (negative: none)")
	apps := flag.Int("apps", 3, "Deployments per team and environment")
	noCharts := flag.Bool("no-charts", false, "leave out the local charts and their releases")
	noRemote := flag.Bool("no-remote-releases", false, "leave out the remote chart releases")
	noKustomize := flag.Bool("no-kustomize", false, "leave out the kustomizations")
	noCompositions := flag.Bool("no-compositions", false, "leave out the Crossplane compositions and claims")
	classic := flag.Bool("classic", false, "Terraform and plain manifests only (all -no-* flags)")
	asJSON := flag.Bool("json", false, "print the stats as JSON")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: benchgen -out DIR [-teams N] [-resources N] [-share-every N] [-apps N] [-classic | -no-charts -no-remote-releases -no-kustomize -no-compositions] [-json]")
		os.Exit(2)
	}
	opts := benchgen.Options{Teams: *teams, ResourcesPerModule: *resources, ShareEvery: *shareEvery, AppsPerEnv: *apps,
		NoCharts: *noCharts, NoRemoteReleases: *noRemote, NoKustomize: *noKustomize, NoCompositions: *noCompositions}
	if *classic {
		opts = opts.Classic()
	}
	st, err := benchgen.Generate(*out, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchgen:", err)
		os.Exit(1)
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(st)
		return
	}
	fmt.Printf("modules=%d (roots=%d instances=%d) resources=%d node_groups=%d node_classes=%d tf_files=%d yaml_files=%d chart_templates=%d docs=%d bytes=%d sharing_teams=%d charts=%d chart_releases=%d remote_releases=%d kustomizations=%d compositions=%d claims=%d\n",
		st.Modules, st.RootModules, st.ModuleInstances, st.Resources, st.NodeGroups, st.NodeClasses, st.TFFiles, st.YAMLFiles, st.ChartTemplates, st.KubeDocs, st.Bytes, len(st.SharingTeams),
		st.Charts, st.ChartReleases, st.RemoteReleases, st.Kustomizations, st.Compositions, st.Claims)
}
