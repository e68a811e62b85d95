package rules_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/linttest"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/rules"
	"github.com/hashicorp/go-version"
)

var update = flag.Bool("update", false, "rewrite the rule pages under docs/rules/")

func TestCatalogueValidates(t *testing.T) {
	if err := lint.Validate(rules.All); err != nil {
		t.Fatal(err)
	}
}

// TestDocsFresh keeps docs/rules/ generated from the rule values: one page
// per rule and the index, no page missing, stale or left over.
func TestDocsFresh(t *testing.T) {
	dir := filepath.Join("..", filepath.FromSlash(rules.DocsDir))
	want := rules.Pages(rules.All)
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range want {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	problems, err := checkPages(dir, want, *update)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p + ": run `go test ./rules -run TestDocsFresh -update`")
	}
}

// checkPages compares the Markdown files of dir with want and returns what
// differs: a page missing or stale, or one no rule writes (removed instead
// when prune is set).
func checkPages(dir string, want map[string]string, prune bool) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var problems []string
	seen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".md") {
			continue
		}
		seen[name] = true
		text, ok := want[name]
		if !ok {
			if prune {
				if err := os.Remove(filepath.Join(dir, name)); err != nil {
					return nil, err
				}
				continue
			}
			problems = append(problems, name+" belongs to no rule")
			continue
		}
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if string(got) != text {
			problems = append(problems, name+" is stale")
		}
	}
	for _, r := range sortedKeys(want) {
		if !seen[r] {
			problems = append(problems, r+" is missing")
		}
	}
	return problems, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestCheckPagesFails proves the freshness check can fail: a stale page, a
// missing one and one no rule writes are each reported, and a file that is
// not Markdown is left alone.
func TestCheckPagesFails(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"FL101.md": "old\n", "FL999.md": "gone\n", "notes.txt": "not a page\n", "README.md": "index\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{"FL101.md": "new\n", "FL102.md": "page\n", "README.md": "index\n"}
	got, err := checkPages(dir, want, false)
	if err != nil {
		t.Fatal(err)
	}
	wantProblems := []string{"FL101.md is stale", "FL999.md belongs to no rule", "FL102.md is missing"}
	if strings.Join(got, "; ") != strings.Join(wantProblems, "; ") {
		t.Errorf("problems = %q, want %q", got, wantProblems)
	}
}

// TestPagesOnePerRule checks the pages the catalogue writes: the index links
// every rule's page, and each page carries the rule's own documentation, the
// text `faultline explain` prints.
func TestPagesOnePerRule(t *testing.T) {
	pages := rules.Pages(rules.All)
	if len(pages) != len(rules.All)+1 {
		t.Fatalf("%d pages for %d rules", len(pages), len(rules.All))
	}
	for _, r := range rules.All {
		page, ok := pages[r.ID+".md"]
		if !ok {
			t.Errorf("no page for %s", r.ID)
			continue
		}
		if !strings.HasPrefix(page, "# "+r.ID+" "+r.Name+"\n") {
			t.Errorf("%s: page does not start with its title", r.ID)
		}
		if !strings.Contains(page, strings.TrimSpace(r.Doc)) {
			t.Errorf("%s: page lacks the rule's doc", r.ID)
		}
		if !strings.Contains(pages["README.md"], "| ["+r.ID+"]("+r.ID+".md) | "+r.Name+" |") {
			t.Errorf("index lacks a link to %s", r.ID)
		}
		if got := lint.RuleDocURL(r.ID, r.Name); got != "https://github.com/faultline-dev/faultline/blob/main/docs/rules/"+r.ID+".md" {
			t.Errorf("%s: doc URL %s is not its page", r.ID, got)
		}
	}
}

// load reads a fixture directory the way `faultline lint DIR` does, with
// .faultline.hcl and a fixture.args file (lines `var NAME=VALUE`,
// `var-file PATH`) when present.
func load(dir string) (lint.Input, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return lint.Input{}, err
	}
	opts := engine.Options{Paths: []string{abs}, Cwd: abs, RelTo: abs, Vars: map[string]string{}, Renderer: chartrender.InProcess{}}
	// A fixture with base/ and head/ is a change: head/ compared with the
	// base revision base/ (as --base compares the work tree with git).
	if isDir(filepath.Join(abs, "base")) && isDir(filepath.Join(abs, "head")) {
		head := filepath.Join(abs, "head")
		opts.Paths, opts.BaseDir, opts.BaseRoot, opts.BaseRev = []string{head}, filepath.Join(abs, "base"), head, "base"
	}
	if _, err := os.Stat(filepath.Join(abs, lint.ConfigFile)); err == nil {
		cfg, err := lint.LoadConfig(filepath.Join(abs, lint.ConfigFile))
		if err != nil {
			return lint.Input{}, err
		}
		opts.Config = cfg
	}
	if f, err := os.Open(filepath.Join(abs, "fixture.args")); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			kind, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
			switch kind {
			case "var":
				n, v, _ := strings.Cut(arg, "=")
				opts.Vars[n] = v
			case "var-file":
				opts.VarFiles = append(opts.VarFiles, filepath.Join(abs, arg))
			}
		}
	}
	// A genuine `terraform show -json` plan of the fixture (made by
	// scripts/make-plan-fixture.sh) is read as --plan reads it.
	if f, err := os.Open(filepath.Join(abs, "plan.json")); err == nil {
		p, err := plan.Parse(f)
		f.Close()
		if err != nil {
			return lint.Input{}, err
		}
		opts.Plan, opts.PlanFile = p, "plan.json"
	}
	l, err := engine.Load(opts)
	if err != nil {
		return lint.Input{}, err
	}
	return l.Input, nil
}

// TestFixtures runs the whole catalogue over every rule's fixture
// directories (testdata/<ID>/<case>), and each fixture's `# want` comments
// are its exact expected set: every finding of any rule, with its severity
// (the rule's default unless the want names one), so a finding left to
// another rule is asserted where it appears. Positive cases want at least
// one finding of their rule; negative cases want none of it.
func TestFixtures(t *testing.T) {
	for _, r := range rules.All {
		dirs, _ := filepath.Glob(filepath.Join("testdata", r.ID, "*"))
		var pos, neg int
		for _, d := range dirs {
			if st, err := os.Stat(d); err != nil || !st.IsDir() {
				continue
			}
			name := filepath.Base(d)
			switch {
			case strings.HasPrefix(name, "positive"):
				pos++
			case strings.HasPrefix(name, "negative"):
				neg++
			default:
				t.Errorf("%s: fixture directories are named positive_* or negative_*", d)
			}
			t.Run(r.ID+"/"+name, func(t *testing.T) {
				res := linttest.Run(t, d, load, rules.All...)
				noSentinels(t, res)
				own := countRule(res.Findings, r.ID)
				if strings.HasPrefix(name, "positive") && own == 0 {
					t.Errorf("positive fixture produced no %s finding", r.ID)
				}
				if strings.HasPrefix(name, "negative") && own != 0 {
					t.Errorf("negative fixture produced %d %s finding(s)", own, r.ID)
				}
				// FL001's negative fixtures are valid ignores: each must
				// suppress something, not stay quiet for lack of findings.
				if r == rules.IgnoreProblem && strings.HasPrefix(name, "negative") && !anySuppressed(res.Findings) {
					t.Error("negative FL001 fixture suppressed no finding")
				}
			})
		}
		if pos == 0 || neg == 0 {
			t.Errorf("%s needs at least one positive and one negative fixture (have %d, %d)", r.ID, pos, neg)
		}
	}
}

// noSentinels fails when a finding's or a note's text holds a hole's
// sentinel (a value known only at apply): every text shows the reference
// it stands for, never the sentinel, whose number changes between runs.
func noSentinels(t *testing.T, res lint.Result) {
	t.Helper()
	check := func(what, s string) {
		if lint.HasSentinel(s) {
			t.Errorf("%s holds a sentinel: %q", what, s)
		}
	}
	for _, f := range res.Findings {
		check(f.Rule+" message", f.Message)
		check(f.Rule+" hint", f.Hint)
		for _, c := range f.Chain {
			check(f.Rule+" chain", c)
		}
		for _, r := range f.Related {
			check(f.Rule+" related", r.Message)
		}
		for _, i := range f.Inferred {
			check(f.Rule+" inferred", i)
		}
	}
	for _, n := range res.Summary.Notes {
		check("note", n.What)
	}
}

// countRule counts the findings of rule id, suppressed ones included.
func countRule(fs []lint.Finding, id string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == id {
			n++
		}
	}
	return n
}

func anySuppressed(fs []lint.Finding) bool {
	for _, f := range fs {
		if f.Suppressed != nil {
			return true
		}
	}
	return false
}

// TestCoverageCountsUnknown: a comparison that cannot be decided is silent
// but counted; a provable difference is silent and not counted.
// TestInvalidTrustNotCalledUnknown pins that a trust policy that is not
// JSON (an FL000 where it is written, in Terraform, a manifest or a
// Composition's base) is not also noted as unknown until apply by FL204.
func TestInvalidTrustNotCalledUnknown(t *testing.T) {
	for _, dir := range []string{
		"testdata/FL000/positive_composition_base_trust_not_json",
		"testdata/FL000/positive_invalid_trust_and_maproles",
		"testdata/FL000/positive_invalid_trust_policy",
	} {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Run(in, []*lint.Rule{rules.Find("FL204")}, lint.Options{})
		if len(res.Findings) != 0 || res.Summary.Coverage.Unresolved != 0 {
			t.Errorf("%s: findings %v, notes %v; want none", dir, res.Findings, res.Summary.Notes)
		}
	}
}

func TestCoverageCountsUnknown(t *testing.T) {
	for dir, want := range map[string]int{
		"testdata/FL101/negative_module_prefix_unknown":                  1,
		"testdata/FL405/negative_node_class_sample_output_kept_in_chart": 4,
		"testdata/FL101/negative_module_prefix_cannot_match":             0,
		"testdata/FL101/negative_unknown_variable":                       1,
		"testdata/FL101/negative_name_prefix_cannot_match":               0,
		// Two roles named from prefixes, in two roots: never one role.
		"testdata/FL101/negative_roles_named_from_prefixes_in_two_roots": 0,
		// A Flux variable from a ConfigMap outside the tree: the role it
		// names is unknown (a hole), and the Kustomization's one note.
		"testdata/FL101/negative_flux_substitute_from_missing_configmap": 2,
		// Its data known only at apply: the same two notes, not the
		// role taken as written.
		"testdata/FL101/negative_flux_substitute_from_config_map_data_known_at_apply": 2,
		// Escaped, and opted out: a literal that matches no role.
		"testdata/FL101/negative_flux_substitute_escape":   0,
		"testdata/FL101/negative_flux_substitute_disabled": 0,
		// A node class role a deploy script fills in: known around its
		// placeholder, it may be the group's role (counted) or cannot.
		"testdata/FL101/negative_node_class_role_placeholder_may_match":    1,
		"testdata/FL101/negative_node_class_role_placeholder_cannot_match": 0,
		"testdata/FL402/negative_nodepool_declared_elsewhere":              1,
		// A self-managed group with an instance profile, whose bootstrap
		// sets its labels, may take the pod: counted.
		"testdata/FL402/negative_self_managed_group_with_instance_profile_may_take_pod": 1,
		// The cluster's only group is self-managed and the pod selects
		// a label of its own: only that group's bootstrap may set it.
		"testdata/FL402/negative_only_self_managed_group_may_carry_selected_label": 1,
		// The pool the pod selects is in a kustomization that does not
		// build: counted, not judged.
		"testdata/FL402/negative_nodepool_in_kustomization_that_does_not_build": 1,
		// A node group named from a prefix is never named "batch".
		"testdata/FL402/negative_node_group_name_prefix_selector_is_the_prefix": 1,
		"testdata/FL402/negative_node_group_name_prefix_selected_in_full":       0,
		// An operator's custom resource whose pod template is not read:
		// counted, not judged.
		"testdata/FL402/negative_operator_resource_pods_not_read": 1,
		// Only a self-managed group, whose taints its bootstrap sets,
		// may take the pod the tainted managed group refuses: counted.
		"testdata/FL403/negative_self_managed_group_may_take_untolerating_pod": 1,
		// The cluster's only group is one whose bootstrap sets its taints:
		// no place faultline reads refused the pod, so nothing to explain.
		"testdata/FL403/negative_eksctl_self_managed_group_own_bootstrap": 0,
		// Karpenter's NodePools are applied from elsewhere: a label value
		// no place here carries is theirs, and counted.
		"testdata/FL402/negative_label_value_of_capacity_elsewhere": 1,
		// A GitOps tree declares NodePools but no cluster: without
		// capacity { complete = true } its workload is not judged, and
		// counted.
		"testdata/FL401/negative_capacity_not_declared_complete": 1,
		// Its workload is judged; the Karpenter controller modelled
		// from the remote chart's release is not (no node group or
		// Fargate profile of the cluster is declared): one note.
		"testdata/FL402/negative_template_label_matches": 1,
		// A term that selects a group of the tree by its ID selects no
		// other: the others' IDs, unknown before apply, are not counted.
		"testdata/FL103/negative_id_term_selects_karpenter_group": 0,
		"testdata/FL105/negative_id_term_selects_one_group":       0,
		// An ID of a group the tree does not declare: the tree's groups,
		// tags unknown or not, are no others it selects.
		"testdata/FL105/negative_id_term_of_a_group_declared_elsewhere": 0,
		// Another root module's namespace proves nothing of this one's
		// cluster: a notice, not silence.
		"testdata/FL206/negative_namespace_declared_by_another_root": 1,
		// Its terms select a subnet and a group the tree declares:
		// whether it selects any is no question, though the cluster's
		// subnets are looked up.
		"testdata/FL405/negative_node_class_selects_declared_subnet_cluster_subnets_looked_up": 0,
		// A HelmRelease writing no namespace is in its Flux
		// Kustomization's targetNamespace: its account is known.
		"testdata/FL201/negative_flux_target_namespace_gives_helmrelease_its_namespace": 0,
		// A chart whose accounts faultline does not know, or one told
		// not to create its account: the account may be there.
		"testdata/FL206/negative_release_of_chart_faultline_does_not_know": 1,
		"testdata/FL206/negative_chart_told_not_to_create_account":         1,
		// Values read from a file per workspace may name the account.
		"testdata/FL206/negative_release_values_not_known": 1,
		// A release switched off with the namespace resource it goes
		// into, which names the association's namespace: counted.
		"testdata/FL206/negative_release_switched_off_in_namespace_it_makes_same": 1,
		// A chart faultline knows may be installed by other means under
		// its own name: the association may bind its account.
		"testdata/FL206/negative_standard_account_of_chart_installed_elsewhere": 1,
		// The association may bind the chart's account.
		"testdata/FL208/negative_pod_identity_may_bind_chart_account": 1,
		// A trust made by a dynamic block over an input not known.
		"testdata/FL208/negative_trust_statements_from_unknown_input": 1,
		// The chart's account may be the trust's subject.
		"testdata/FL202/negative_chart_account_name_not_known": 1,
		// A condition key handed in whole, known only at apply: whether
		// the statement tests :sub and :aud is not known.
		"testdata/FL204/negative_condition_key_from_module_input": 1,
		"testdata/FL203/negative_condition_key_from_module_input": 1,
		// A local module's output that is null binds no role: nothing
		// left undecided.
		"testdata/FL201/negative_module_output_null_binds_no_role": 0,
		// A remote-state read no root of the tree answers: its note, and
		// the role it would name unresolved.
		"testdata/FL201/negative_remote_state_other_key": 2,
		// FL405: a subnet ID or a VPC known only at apply is counted; a
		// matching tag is decided.
		"testdata/FL405/negative_subnet_id_from_variable":  1,
		"testdata/FL405/negative_subnets_from_data_source": 1,
		"testdata/FL405/negative_matching_tag":             0,
		// A selector written as a template placeholder (${cluster_name})
		// is not known: counted.
		"testdata/FL405/negative_node_class_template_placeholder": 1,
		// A tag the cluster is created with may reach its cluster
		// security group: undecided, counted.
		"testdata/FL405/negative_cluster_tags_may_reach_its_group": 1,
		// A placeholder the repository's pipeline fills in Argo CD values:
		// the Application's note, and both selectors undecided.
		"testdata/FL405/negative_argo_pipeline_placeholder":                3,
		"testdata/FL405/negative_argo_pipeline_placeholder_in_values_text": 3,
		"testdata/FL405/negative_argo_pipeline_placeholder_in_parameters":  3,
		// Flux strict substitution: a variable a source outside the tree
		// may define is unknown, never FL000 — the note counts it.
		"testdata/FL000/negative_flux_strict_variable_from_outside": 1,
		// A chart whose template fails for want of a dependency that is
		// not vendored, or of a required value: each dependency's note,
		// the required value's, and the failure's own — never FL000.
		"testdata/FL000/negative_chart_dependency_not_vendored": 3,
		"testdata/FL000/negative_chart_required_value_missing":  2,
		// A chart without default values that no release of the tree
		// installs fails for want of the values it is installed with:
		// the failure's note, never FL000.
		"testdata/FL000/negative_chart_values_from_installer": 1,
		// A chart with default values under the directories an
		// ApplicationSet installs with values of its own: the failure's
		// note, never FL000.
		"testdata/FL000/negative_chart_values_from_applicationset":            1,
		"testdata/FL000/negative_chart_values_from_applicationset_fixed_path": 1,
		// A release whose values file is the workspace's: the failure's
		// note, never FL000.
		"testdata/FL000/negative_chart_values_file_per_workspace": 1,
		// A module whose code is not read installs the chart: its
		// values are not known.
		"testdata/FL000/negative_chart_installed_by_unread_module": 1,
		// Values helmfile fills in when it renders the file.
		"testdata/FL000/negative_helmfile_values_templated":                1,
		"testdata/FL201/negative_helmfile_set_value_templated":             1,
		"testdata/FL202/negative_helmfile_gotmpl_values_shaped_by_actions": 1,
		// A trust whose condition key is cut out of the provider's ARN
		// with split(): the policy is not known statically, and counted.
		"testdata/FL204/negative_trust_key_not_known": 1,
		// An add-on whose role ARN is the empty string binds no role:
		// nothing to resolve.
		"testdata/FL201/negative_addon_role_left_empty": 0,
		// FL208: an association that may bind the annotated account
		// (its namespace unknown) leaves the IRSA binding undecided; one
		// that binds it takes precedence, decided.
		"testdata/FL208/negative_pod_identity_association_namespace_unknown": 1,
		"testdata/FL208/negative_pod_identity_takes_precedence":              0,
		// FL205: a principal and a condition key built from one issuer
		// (the module's two issuer outputs; a provider's ARN and its URL,
		// or its ARN trimmed) are the same issuer, decided (two clusters'
		// issuers are two: positive_principal_and_key_of_two_clusters).
		"testdata/FL205/negative_module_outputs":       0,
		"testdata/FL205/negative_provider_url_and_arn": 0,
		// FL206: an account applied without a namespace is in
		// kubectl's default one, inferred: the association there is
		// decided, not counted.
		"testdata/FL206/negative_account_applied_without_namespace": 0,
		// One that a GitOps tool applies is not in kubectl's default:
		// where it is stays undecided.
		"testdata/FL206/negative_account_placed_by_gitops_tool": 1,
		// The module's provider and its cluster looked up by name: one
		// cluster, one issuer, decided.
		"testdata/FL205/negative_module_provider_and_its_cluster_looked_up": 0,
		// A provider by reference and keys written out: its URL is the
		// principal's issuer, decided.
		"testdata/FL205/negative_provider_reference_and_own_key_written_out": 0,
		// The issuer read through splats of counted resources
		// (flatten(concat(aws_eks_cluster.x[*].identity[*].oidc.0.issuer,
		// [""]))[0]) is the cluster's issuer: decided.
		"testdata/FL205/negative_issuer_read_through_splat": 0,
		// Annotations naming an OIDC provider and a policy: FL208's
		// findings, no role to decide a trust for.
		"testdata/FL202/negative_annotation_names_oidc_provider_or_policy": 0,
		// Tags built from a cluster name not known, selected by that same
		// name; the ownership tag's key holds the name too but can never
		// be the key asked for: decided.
		"testdata/FL405/negative_discovery_tag_value_from_the_cluster_variable": 0,
		"testdata/FL105/negative_discovery_tag_value_from_the_cluster_variable": 0,
		// A release of a chart not rendered applies NodePools (its values
		// list them): the cluster's NodePools are not all declared, and
		// the workload pinned to one of those is not judged.
		"testdata/FL402/negative_pool_label_from_nodepools_in_unrendered_chart": 1,
		// Tags merged with a map not known: whether the term selects one
		// group or both is undecided, and counted.
		"testdata/FL105/negative_tags_merged_with_map_not_known": 1,
		// A default that every environment's variables file sets otherwise
		// is not known: which subnets and groups the node class selects stays
		// undecided.
		"testdata/FL405/negative_discovery_tag_from_default_every_env_file_overrides": 2,
	} {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		id := strings.Split(dir, "/")[1]
		run := []*lint.Rule{rules.Find(id)}
		if id >= "FL401" && id <= "FL404" {
			// The four scheduling rules share one fit; FL402 counts the
			// workloads it does not judge. Run all four.
			run = []*lint.Rule{rules.Find("FL401"), rules.Find("FL402"), rules.Find("FL403"), rules.Find("FL404")}
		}
		res := lint.Run(in, run, lint.Options{})
		if len(res.Findings) != 0 {
			t.Errorf("%s: findings %v", dir, res.Findings)
		}
		if got := res.Summary.Coverage.Unresolved; got != want {
			t.Errorf("%s: unresolved = %d, want %d (%v)", dir, got, want, res.Summary.Notes)
		}
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// TestSinceIsARelease keeps `faultline explain`'s "since" honest: every
// rule's Since names a release CHANGELOG.md has a section for, or the next
// one (the next patch, minor or major of the newest), for a rule still
// under Unreleased.
func TestSinceIsARelease(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{}
	var newest *version.Version
	for _, line := range strings.Split(string(data), "\n") {
		v, ok := strings.CutPrefix(line, "## [")
		if !ok {
			continue
		}
		if v, _, ok = strings.Cut(v, "]"); !ok || v == "Unreleased" {
			continue
		}
		sv, err := version.NewSemver(v)
		if err != nil {
			t.Fatalf("CHANGELOG.md: section %q: %v", v, err)
		}
		allowed[v] = true
		if newest == nil || sv.GreaterThan(newest) {
			newest = sv
		}
	}
	if newest == nil {
		t.Fatal("CHANGELOG.md has no release section")
	}
	s := newest.Segments()
	for _, next := range [][3]int{{s[0], s[1], s[2] + 1}, {s[0], s[1] + 1, 0}, {s[0] + 1, 0, 0}} {
		allowed[fmt.Sprintf("%d.%d.%d", next[0], next[1], next[2])] = true
	}
	for _, r := range rules.All {
		if !allowed[r.Since] {
			t.Errorf("%s: since %q is neither a release in CHANGELOG.md nor the next one after %s", r.ID, r.Since, newest)
		}
	}
}

// TestUnknownSetValueNamedAsWritten: a helm_release set value that is
// wholly unknown (it reads a module this tree does not declare) is named in
// the notes after the reference written, not after the set entry.
func TestUnknownSetValueNamedAsWritten(t *testing.T) {
	res := lintDir(t, "testdata/FL201/negative_release_role_from_module_of_another_root", rules.All...)
	want := "FL201: role ${module.efs_csi_role.iam_role_arn} of service account kube-system/efs-csi-controller"
	found := false
	for _, n := range res.Summary.Notes {
		found = found || strings.Contains(n.What, want)
	}
	if !found {
		t.Errorf("no note %q in %v", want, res.Summary.Notes)
	}
}

// TestValuesNotKnownAreNoted: a release whose values faultline cannot
// evaluate says so in its note, for a chart in the tree (rendered without
// them) and one that is not (modelled without them).
func TestValuesNotKnownAreNoted(t *testing.T) {
	for dir, want := range map[string]string{
		"testdata/FL206/negative_release_values_not_known":        "modelled from the release's values only, without values[0] (main.tf:27:17), which faultline cannot evaluate",
		"testdata/FL000/negative_chart_values_file_per_workspace": "is rendered without values",
	} {
		res := lintDir(t, dir)
		found := false
		for _, n := range res.Summary.Notes {
			found = found || strings.Contains(n.What, want)
		}
		if !found {
			t.Errorf("%s: no note %q in %v", dir, want, res.Summary.Notes)
		}
	}
}

// A spare account the trust refuses, beside the one it allows and a role
// that works for it, is not fixed by rewriting the trust: the hint says
// to delete it (or add its subject), and the chain says the role keeps
// working for the account it allows.
func TestSpareAccountHint(t *testing.T) {
	res := linttest.Run(t, "testdata/FL202/positive_spare_account_beside_the_one_trusted", load, rules.All...)
	n := 0
	for _, f := range res.Findings {
		if f.Rule != "FL201" && f.Rule != "FL202" {
			continue
		}
		n++
		chain := strings.Join(f.Chain, "\n")
		if !strings.Contains(f.Hint, "delete the spare service account") || strings.Contains(f.Hint, "(instead of") || strings.Contains(chain, "crash-loops") || !strings.Contains(chain, "keeps the role") {
			t.Errorf("hint %q, chain %q", f.Hint, chain)
		}
	}
	if n == 0 {
		t.Error("no FL201 or FL202 finding")
	}
}

// FL202's hint offers renaming the account to the name the trust allows
// only when that is a name an account can have: not a pattern.
func TestFL202HintNoPatternName(t *testing.T) {
	res := linttest.Run(t, "testdata/FL202/positive_subject_pattern_under_string_equals", load, rules.All...)
	for _, f := range res.Findings {
		if f.Rule != "FL202" {
			continue
		}
		if strings.Contains(f.Hint, "rename the service account") || !strings.Contains(f.Hint, "write system:serviceaccount:storage:efs-csi-controller-sa") {
			t.Errorf("hint %q", f.Hint)
		}
	}
}

// FL206's hint names the account a chart creates when the association
// is written with the chart's name; another app's account in the
// namespace is never offered (the generic hint stays).
func TestFL206HintNamesTheChartsAccount(t *testing.T) {
	for dir, want := range map[string]string{
		"testdata/FL206/positive_association_names_the_chart_not_its_account": `set service_account = "autoscaler-aws-cluster-autoscaler", the account helm_release.autoscaler, chart cluster-autoscaler creates in kube-system`,
		"testdata/FL206/positive_keda_operator_account_renamed":               "set service_account to the account the pods in",
	} {
		res := linttest.Run(t, dir, load, rules.All...)
		n := 0
		for _, f := range res.Findings {
			if f.Rule != "FL206" {
				continue
			}
			n++
			if !strings.HasPrefix(f.Hint, want) {
				t.Errorf("%s: hint %q, want %q…", dir, f.Hint, want)
			}
		}
		if n == 0 {
			t.Errorf("%s: no FL206", dir)
		}
	}
}

// FL101 for nodes launched with an instance profile holding the group's
// role points at the profile: its role line is related, and the hint
// changes the profile's role (a Provisioner has no spec.role; an
// EC2NodeClass is told to name a role of its own instead).
func TestFL101HintThroughInstanceProfile(t *testing.T) {
	res := linttest.Run(t, "testdata/FL101/positive_provisioner_launch_template_profile_holds_group_role", load, rules.All...)
	n := 0
	for _, f := range res.Findings {
		if f.Rule != "FL101" {
			continue
		}
		n++
		if !strings.HasPrefix(f.Hint, `give instance profile "harbor-karpenter-nodes" (aws_iam_instance_profile.karpenter) a role of Karpenter's own`) {
			t.Errorf("hint %q", f.Hint)
		}
		found := false
		for _, r := range f.Related {
			if r.Range.Line == 33 && strings.Contains(r.Message, "holds the role here") {
				found = true
			}
		}
		if !found {
			t.Errorf("no related location at the profile's role line: %+v", f.Related)
		}
	}
	if n == 0 {
		t.Error("no FL101")
	}
	res = linttest.Run(t, "testdata/FL101/positive_ec2nodeclass_instance_profile_holds_group_role", load, rules.All...)
	for _, f := range res.Findings {
		if f.Rule == "FL101" && !strings.HasSuffix(f.Hint, "point spec.role at it in place of spec.instanceProfile; keep this role for the node groups only") {
			t.Errorf("EC2NodeClass hint %q, want spec.role in place of spec.instanceProfile", f.Hint)
		}
	}
}

// FL000 for a field a Karpenter v1 schema does not declare says the
// object is still read (the generic hint says what cannot be read is
// left out).
func TestKarpenterUnknownFieldHint(t *testing.T) {
	res := linttest.Run(t, "testdata/FL000/positive_karpenter_v1_fields_left_from_v1beta1", load, rules.All...)
	n := 0
	for _, f := range res.Findings {
		if f.Rule != "FL000" || !strings.Contains(f.Message, "its schema does not declare") {
			continue
		}
		n++
		if f.Hint != "move the field where this version reads it, or delete it; the rest of the object is still read, so chains through it are checked" {
			t.Errorf("hint %q", f.Hint)
		}
	}
	if n == 0 {
		t.Error("no unknown-field FL000")
	}
}
