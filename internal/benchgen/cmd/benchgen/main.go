// Command benchgen writes the benchmark monorepo of package benchgen.
//
//	go run ./internal/benchgen/cmd/benchgen -out /tmp/tree -teams 500
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
	asJSON := flag.Bool("json", false, "print the stats as JSON")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: benchgen -out DIR [-teams N] [-resources N] [-share-every N] [-apps N] [-json]")
		os.Exit(2)
	}
	st, err := benchgen.Generate(*out, benchgen.Options{Teams: *teams, ResourcesPerModule: *resources, ShareEvery: *shareEvery, AppsPerEnv: *apps})
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
	fmt.Printf("modules=%d (roots=%d instances=%d) resources=%d node_groups=%d node_classes=%d tf_files=%d yaml_files=%d docs=%d bytes=%d sharing_teams=%d\n",
		st.Modules, st.RootModules, st.ModuleInstances, st.Resources, st.NodeGroups, st.NodeClasses, st.TFFiles, st.YAMLFiles, st.KubeDocs, st.Bytes, len(st.SharingTeams))
}
