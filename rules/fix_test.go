package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/fixer"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// fixtureCopy copies a fixture directory to a new temporary directory.
func fixtureCopy(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	copyTree(t, src, dst)
	return dst
}

// lintDir lints dir with the given rules, without checking wants.
func lintDir(t *testing.T, dir string, rs ...*lint.Rule) lint.Result {
	t.Helper()
	in, err := load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return lint.Run(in, rs, lint.Options{})
}

func dirReader(dir string) fixer.Reader {
	return func(file string) ([]byte, bool) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
		return b, err == nil
	}
}

// fixable lists the positive IRSA and pod identity fixtures whose finding
// gets a fix the fixer can locate in the source; every other positive
// fixture must get none (a computed subject, an eksctl-made trust, a
// wildcard, a value only inferred, an association with no account of its
// name elsewhere).
var fixable = map[string]bool{
	"FL201/positive_argo_app_of_apps":                                                      true,
	"FL201/positive_cert_manager_namespace_value_moves_account":                            true, // the namespace the chart's value names
	"FL201/positive_cert_manager_before_namespace_value":                                   true,
	"FL202/positive_provider_through_module_from_remote_state":                             true, // the account the chart's value names
	"FL201/positive_kubectl_manifest_override_namespace":                                   true, // the namespace the provider applies the account in
	"FL201/positive_argo_release_written_twice":                                            true,
	"FL201/positive_crossplane_role":                                                       true, // JSON inside a YAML block scalar
	"FL201/positive_crossplane_namespaced_release_in_its_own_namespace":                    true, // JSON inside a YAML block scalar
	"FL201/positive_service_account_namespace_by_namespace_id":                             true,
	"FL201/positive_eksctl_attach_role_arn":                                                true,
	"FL201/positive_flux_release_in_kustomization":                                         true,
	"FL201/positive_flux_git_chart_path_climbing_above_the_source":                         true,
	"FL201/positive_flux_overlay_reads_outside_its_directory":                              true, // the overlay Flux builds, not kustomize
	"FL201/positive_flux_overlay_reads_outside_its_directory_beside_sops_secret":           true, // the overlay Flux builds, beside the Secret it decrypts
	"FL201/positive_flux_generated_path_overlay_reads_outside_its_directory":               true, // the overlay Flux builds from its generated kustomization
	"FL201/positive_jsonencode_manifest":                                                   true,
	"FL201/positive_namespace_and_name_differ":                                             true,
	"FL201/positive_replace_issuer_jsonencode":                                             true,
	"FL201/positive_key_from_provider_url_attribute":                                       true,
	"FL201/positive_replace_issuer_policy_document":                                        true,
	"FL201/positive_terraform_service_account":                                             true, // a policy document's condition block
	"FL201/positive_remote_state_s3_join":                                                  true, // the trust in one root, the account in another
	"FL201/positive_module_in_two_roots":                                                   true, // one module two roots call: one edit serves both
	"FL201/positive_several_subjects_name_in_other_namespace":                              true, // the moved subject replaced, the other kept
	"FL201/positive_untraced_provider_service_account_subject":                             true, // the provider a variable: the subject alone is rewritten
	"FL202/positive_external_secrets_store_account_not_in_tree":                            true, // the subject written in the trust
	"FL202/positive_flux_values_from_secret_data":                                          true, // the subject written in the trust, the account named in the Secret
	"FL202/positive_flux_values_from_terraform_configmap":                                  true, // the subject written in the trust, the account named in the ConfigMap
	"FL202/positive_helm_provider_1x_set_string_account_name":                              true, // the subject written in the trust, the account set_string names
	"FL202/positive_several_subjects_namespace_named":                                      true, // the subject of its namespace renamed, the other kept
	"FL202/positive_role_arn_account_placeholder":                                          true,
	"FL202/positive_release_values_with_a_map_not_known":                                   true,
	"FL202/positive_release_values_with_a_decoded_setting_not_known":                       true,
	"FL202/positive_helm3_set_list_in_order":                                               true,
	"FL202/positive_role_read_back_by_name":                                                true,
	"FL202/positive_role_read_back_by_name_in_another_root":                                true,
	"FL202/positive_kube_prometheus_stack_prometheus_account":                              true,
	"FL202/positive_crossplane_addon_role_trusts_node_account":                             true, // JSON inside a YAML block scalar
	"FL201/positive_applicationset_list_generator":                                         true,
	"FL201/positive_release_annotation_key_escapes_slash":                                  true,
	"FL201/positive_chart_account_without_namespace":                                       true,
	"FL201/positive_argo_ref_name_with_hyphen":                                             true,
	"FL201/positive_role_arn_from_prefixed_role_name":                                      true,
	"FL201/positive_flux_target_namespace":                                                 true, // the subject rewritten to the target namespace
	"FL201/positive_helmfile_beside_the_chart_it_deploys":                                  true, // the subject rewritten to the helmfile release's namespace
	"FL201/positive_helmfile_state_file_under_another_name":                                true, // the subject rewritten to the helmfile release's namespace
	"FL201/positive_helmfile_with_unquoted_expression_in_another_release":                  true, // the subject rewritten to the helmfile release's namespace
	"FL202/positive_spark_operator_job_account_in_each_job_namespace":                      true, // the subject rewritten to the jobs' account the chart names
	"FL201/positive_flux_target_namespace_over_helmrelease_namespace":                      true,
	"FL201/positive_remote_state_local_path_in_child_module":                               true, // the subject in the other root rewritten
	"FL201/positive_flux_path_below_synced_subdirectory":                                   true, // the subject rewritten to the target namespace
	"FL201/positive_argo_destination_namespace":                                            true, // the subject rewritten to the destination namespace
	"FL201/positive_argocd_application_chart_destination":                                  true, // the policy document's value rewritten to the destination namespace
	"FL201/positive_argocd_application_path_destination":                                   true, // the subject rewritten to the destination namespace
	"FL201/positive_kustomize_remote_chart_overlay_namespace":                              true, // the subject rewritten to the overlay's namespace
	"FL202/positive_kustomize_chart_vendored_at_its_version":                               true, // the subject rewritten to the account the versioned chart names
	"FL202/positive_helmfile_chart_named_by_release_template":                              true, // the subject rewritten to the account the chart names
	"FL202/positive_argocd_application_parameter_account":                                  true, // the subject rewritten to the renamed account
	"FL202/positive_argocd_chart_dependency_from_directory":                                true, // the subject rewritten to the account the dependency names
	"FL201/positive_remote_state_null_output_absent":                                       true, // the subject rewritten to the default lookup() gives
	"FL204/positive_missing_audience":                                                      true,
	"FL204/positive_issuer_of_cluster_looked_up_by_a_name_not_known_provider_accepts_more": true, // the :aud condition added beside :sub
	"FL204/positive_remote_state_outputs_read_through_a_local":                             true,
	"FL204/positive_remote_state_key_from_provider_region_of_no_root":                      true,
	"FL204/positive_trust_from_lookup_through_another_provider":                            true,
	"FL204/positive_principal_arn_missing_a_colon":                                         true, // the key beside :sub, from the same local
	"FL204/positive_provider_from_remote_state":                                            true, // the key beside :sub, built from the same local
	"FL204/positive_remote_state_key_kept_by_two_roots_with_outputs":                       true, // the key beside :sub, from the same output
	"FL204/positive_trust_key_from_split_arn":                                              true, // the key beside :sub, from the same split()
	"FL204/positive_wrong_audience":                                                        true,
	"FL204/positive_provider_copy_accepts_another_audience":                                true, // the key beside :sub, from the same local
	"FL204/positive_issuer_registered_in_two_accounts_copy_accepts_more":                   true, // the key beside :sub, from the same local
	"FL202/positive_keda_operator_role_from_pod_identity_values":                           true, // the subject rewritten to the operator's account
	"FL202/positive_helmfile_gotmpl_values_fill_only_values":                               true, // the subject rewritten to the release's account
	"FL202/positive_keda_2_13_top_level_account_name":                                      true, // the subject rewritten to the renamed account
	"FL201/positive_argo_cd_server_account_namespace":                                      true, // the namespace the chart runs in
	"FL201/positive_flux_values_configmap_built_by_two_cluster_overlays":                   true, // the namespace the release runs in
	"FL206/positive_account_where_it_runs_not_trusted_by_irsa":                             true, // the namespace the chart runs in
	"FL206/positive_association_namespace_left_behind":                                     true,
	"FL206/positive_namespace_moved":                                                       true,
	"FL206/positive_eksctl_association_beside_root_of_same_cluster":                        true, // the namespace the chart runs in
	"FL206/positive_release_in_other_cluster_root":                                         true, // the namespace the chart runs in
}

// TestFixesRepairFixtures applies the fixes of every positive IRSA
// fixture to a copy and lints the copy again: the fixed finding is gone,
// no wildcard finding (FL203) appears, and a replaced subject is the exact
// subject of one service account.
func TestFixesRepairFixtures(t *testing.T) {
	wildcard := rules.IRSAWildcardSubject
	for _, r := range []*lint.Rule{rules.IRSANamespaceMismatch, rules.IRSAServiceAccountMismatch, rules.IRSAMissingAudience, rules.PodIdentityMismatch, wildcard} {
		dirs, _ := filepath.Glob(filepath.Join("testdata", r.ID, "positive*"))
		for _, d := range dirs {
			name := r.ID + "/" + filepath.Base(d)
			t.Run(name, func(t *testing.T) {
				tmp := fixtureCopy(t, d)
				res := lintDir(t, tmp, r, wildcard)
				fixer.Resolve(res.Findings, dirReader(tmp))
				fixed := map[string]bool{}
				for _, f := range res.Findings {
					if !f.Fix.Resolved() {
						continue
					}
					if f.Rule != r.ID {
						t.Errorf("%s offers a fix for %s", f.Rule, f.Message)
					}
					fixed[f.Key] = true
					for _, e := range f.Fix.Edits {
						if f.Fix.Target.Claim == "sub" && (strings.ContainsAny(e.Text, "*?") || !exactSubject.MatchString(f.Fix.Target.New)) {
							t.Errorf("fix writes %s, not one exact subject", e.Text)
						}
					}
				}
				if len(fixed) > 0 != fixable[name] {
					t.Fatalf("fixed %d findings; want a fix: %v", len(fixed), fixable[name])
				}
				if len(fixed) == 0 {
					return
				}
				changes, err := fixer.Plan(res.Findings, dirReader(tmp))
				if err != nil {
					t.Fatal(err)
				}
				abs := func(f string) string { return filepath.Join(tmp, filepath.FromSlash(f)) }
				if err := fixer.Write(changes, []string{tmp}, abs); err != nil {
					t.Fatal(err)
				}
				after := lintDir(t, tmp, r, wildcard)
				for _, f := range after.Findings {
					if f.Rule == r.ID && fixed[f.Key] {
						t.Errorf("still reported after the fix: %s", f.Message)
					}
				}
				if n, m := count(after, wildcard.ID), count(res, wildcard.ID); n > m {
					t.Errorf("the fix widened the trust: %d FL203 findings, %d before", n, m)
				}
			})
		}
	}
}

var exactSubject = regexp.MustCompile(`^system:serviceaccount:[a-z0-9]([-a-z0-9]*[a-z0-9])?:[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`)

func count(res lint.Result, rule string) int {
	n := 0
	for _, f := range res.Findings {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

const fixTrustTF = `resource "aws_iam_role" "app" {
  name = "app"
  assume_role_policy = jsonencode({
    Statement = [{
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC" }
      Condition = {
        %s = {
          "oidc.eks.eu-west-1.amazonaws.com/id/ABC:sub" = %s
          "oidc.eks.eu-west-1.amazonaws.com/id/ABC:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
`

const fixAccountTF = `resource "kubernetes_service_account_v1" "%[1]s" {
  metadata {
    name      = "app"
    namespace = %[2]s
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.app.arn }
  }
}
`

// TestSubjectFixRefusals: a subject fix is offered for one account in one
// known namespace under an exact subject, and refused for a wildcard
// subject, a namespace that is no Kubernetes name (a `*` in it would be a
// wildcard under StringLike), and a role two accounts in different
// namespaces are bound to.
func TestSubjectFixRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, op, subject string
		namespaces        []string
		want              string // the new subject; "" for no fix
	}{
		{"exact", "StringEquals", `"system:serviceaccount:old:app"`, []string{`"apps"`}, "system:serviceaccount:apps:app"},
		{"ignore case", "StringEqualsIgnoreCase", `"system:serviceaccount:old:app"`, []string{`"apps"`}, "system:serviceaccount:apps:app"},
		{"wildcard name", "StringLike", `"system:serviceaccount:old:*"`, []string{`"apps"`}, ""},
		{"wildcard namespace", "StringLike", `"system:serviceaccount:ol?:app"`, []string{`"apps"`}, ""},
		{"namespace with a wildcard", "StringLike", `"system:serviceaccount:old:app"`, []string{`"kube*"`}, ""},
		{"namespace not a Kubernetes name", "StringEquals", `"system:serviceaccount:old:app"`, []string{`"Apps_1"`}, ""},
		{"two accounts", "StringEquals", `"system:serviceaccount:old:app"`, []string{`"apps"`, `"batch"`}, ""},
		{"two accounts, one subject", "StringEquals", `"system:serviceaccount:old:app"`, []string{`"apps"`, `"apps"`}, "system:serviceaccount:apps:app"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := fmt.Sprintf(fixTrustTF, tc.op, tc.subject)
			for i, ns := range tc.namespaces {
				src += fmt.Sprintf(fixAccountTF, fmt.Sprintf("sa%d", i), ns)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			res := lintDir(t, dir, rules.IRSANamespaceMismatch)
			fixer.Resolve(res.Findings, dirReader(dir))
			var got []string
			for _, f := range res.Findings {
				if f.Fix.Resolved() {
					got = append(got, f.Fix.Target.New)
				}
			}
			if len(res.Findings) == 0 {
				t.Fatal("no FL201 finding to fix")
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) == 0 || got[0] != tc.want) {
				t.Fatalf("fixes %q, want %q (findings: %d)", got, tc.want, len(res.Findings))
			}
		})
	}
}

const fixAssociationTF = `resource "aws_eks_pod_identity_association" "%[1]s" {
  cluster_name    = "prod"
  namespace       = %[2]s
  service_account = "app"
  role_arn        = "arn:aws:iam::111122223333:role/app%[3]s"
}
`

const fixPodAccountTF = `resource "kubernetes_service_account_v1" "%[1]s" {
  metadata {
    name      = "app"
    namespace = %[2]s
  }
}
`

// TestNamespaceFixRefusals: a pod identity association is moved to the
// namespace its account runs in only when one namespace holds an account
// of that name, and no other association there names it already.
func TestNamespaceFixRefusals(t *testing.T) {
	for _, tc := range []struct {
		name         string
		associations []string // namespaces, the first one is the mismatched one
		accounts     []string
		want         string // the new namespace; "" for no fix
	}{
		{"one account elsewhere", []string{`"old"`}, []string{`"apps"`}, "apps"},
		{"two accounts, one namespace", []string{`"old"`}, []string{`"apps"`, `"apps"`}, "apps"},
		{"accounts in two namespaces", []string{`"old"`}, []string{`"apps"`, `"batch"`}, ""},
		{"the account has its association", []string{`"old"`, `"apps"`}, []string{`"apps"`}, ""},
		{"another association may name it", []string{`"old"`, `var.ns`}, []string{`"apps"`}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := "variable \"ns\" {\n  type = string\n}\n"
			for i, ns := range tc.associations {
				// Each binds a role of its own: one that bound the first's
				// role where the account runs would make the first a
				// leftover, not a finding.
				role := ""
				if i > 0 {
					role = fmt.Sprintf("-%d", i)
				}
				src += fmt.Sprintf(fixAssociationTF, fmt.Sprintf("pa%d", i), ns, role)
			}
			for i, ns := range tc.accounts {
				src += fmt.Sprintf(fixPodAccountTF, fmt.Sprintf("sa%d", i), ns)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			res := lintDir(t, dir, rules.PodIdentityMismatch)
			fixer.Resolve(res.Findings, dirReader(dir))
			var got []string
			n := 0
			for _, f := range res.Findings {
				if f.Rule != rules.PodIdentityMismatch.ID {
					continue
				}
				n++
				if f.Fix.Resolved() {
					got = append(got, f.Fix.Target.New)
				}
			}
			if n == 0 {
				t.Fatal("no FL206 finding to fix")
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
				t.Fatalf("fixes %q, want %q (findings: %d)", got, tc.want, n)
			}
		})
	}
}
