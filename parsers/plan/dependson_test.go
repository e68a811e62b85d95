package plan

import (
	"slices"
	"testing"
)

// TestResourcesDependsOn: a planned entity depends on every planned
// instance of the resources its configuration's depends_on names (through
// an index too), on everything planned inside a module it names, and on
// the targets of a module call around it; a target planned as no entity
// (a policy attachment, a data source, a module's output) is absent.
func TestResourcesDependsOn(t *testing.T) {
	src := `{"format_version":"1.2",
"planned_values":{"root_module":{"resources":[
  {"address":"aws_iam_role.nodes[0]","mode":"managed","type":"aws_iam_role","name":"nodes","index":0,"values":{"name":"n0"}},
  {"address":"aws_iam_role.nodes[1]","mode":"managed","type":"aws_iam_role","name":"nodes","index":1,"values":{"name":"n1"}},
  {"address":"aws_iam_role_policy_attachment.p","mode":"managed","type":"aws_iam_role_policy_attachment","name":"p","values":{}},
  {"address":"aws_eks_node_group.g","mode":"managed","type":"aws_eks_node_group","name":"g","values":{"node_group_name":"g"}}
 ],
 "child_modules":[
  {"address":"module.eks","resources":[
    {"address":"module.eks.aws_iam_role.cluster","mode":"managed","type":"aws_iam_role","name":"cluster","values":{"name":"c"}}],
   "child_modules":[{"address":"module.eks.module.inner","resources":[
    {"address":"module.eks.module.inner.aws_iam_role.deep","mode":"managed","type":"aws_iam_role","name":"deep","values":{"name":"d"}}]}]},
  {"address":"module.pools[\"a\"]","resources":[
    {"address":"module.pools[\"a\"].aws_iam_role.r","mode":"managed","type":"aws_iam_role","name":"r","values":{"name":"r"}},
    {"address":"module.pools[\"a\"].aws_iam_role.s","mode":"managed","type":"aws_iam_role","name":"s","values":{"name":"s"}}]}
 ]}},
"configuration":{"root_module":{
 "resources":[
  {"address":"aws_iam_role.nodes","mode":"managed","type":"aws_iam_role","name":"nodes"},
  {"address":"aws_eks_node_group.g","mode":"managed","type":"aws_eks_node_group","name":"g",
   "depends_on":["aws_iam_role.nodes[0]","aws_iam_role_policy_attachment.p","data.aws_iam_role.x","module.eks.out","module.eks","aws_iam_role.nodes"]}],
 "module_calls":{
  "eks":{"source":"./eks","module":{"resources":[{"address":"aws_iam_role.cluster","mode":"managed","type":"aws_iam_role","name":"cluster"}],
    "module_calls":{"inner":{"source":"./inner","module":{}}}}},
  "pools":{"source":"./pools","depends_on":["aws_eks_node_group.g"],"module":{"resources":[
    {"address":"aws_iam_role.r","mode":"managed","type":"aws_iam_role","name":"r","depends_on":["aws_iam_role.s"]},
    {"address":"aws_iam_role.s","mode":"managed","type":"aws_iam_role","name":"s"}]}}}}}}`
	p, err := ParseBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, e := range p.Resources(Options{}) {
		got[e.Base().Label] = e.Base().DependsOn
	}
	for label, want := range map[string][]string{
		"aws_eks_node_group.g":             {"plan:aws_iam_role.nodes[0]", "plan:aws_iam_role.nodes[1]", "plan:module.eks.aws_iam_role.cluster", "plan:module.eks.module.inner.aws_iam_role.deep"},
		`module.pools["a"].aws_iam_role.r`: {`plan:module.pools["a"].aws_iam_role.s`, "plan:aws_eks_node_group.g"},
		`module.pools["a"].aws_iam_role.s`: {"plan:aws_eks_node_group.g"},
		"aws_iam_role.nodes[0]":            nil,
		"module.eks.aws_iam_role.cluster":  nil,
	} {
		if have, ok := got[label]; !ok || !slices.Equal(have, want) {
			t.Errorf("%s (planned: %v) depends on %q, want %q", label, ok, have, want)
		}
	}
}
