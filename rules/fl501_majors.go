package rules

// majorChange is what one major version of a module changed in the
// meaning of its inputs: the inputs it renamed away and the names it gave
// another meaning. Written from the module's upgrade guide and its
// variables.tf on both sides of the change.
type majorChange struct {
	// Module is the source without registry host or version, lower case
	// ("terraform-aws-modules/eks/aws//modules/karpenter").
	Module string
	// Since is the first version with the new meanings.
	Since string
	// Cite names where the facts were read.
	Cite  string
	Moves []inputMove
}

// inputMove is one input whose meaning the major moved.
type inputMove struct {
	// Input is the name as the older majors spell it.
	Input string
	// Then is what Input meant before Since.
	Then string
	// Now is what Input means from Since; "" when no longer declared.
	Now string
	// Renamed is the input carrying Then from Since.
	Renamed string
}

// karpenterNodeRole is the change to the karpenter submodule's IAM inputs
// in v20: iam_role_* and create_iam_role named the node role before, the
// controller role after; the node role moved to node_iam_role_*.
var karpenterNodeRole = majorChange{
	Module: "terraform-aws-modules/eks/aws//modules/karpenter",
	Since:  "20.0.0",
	Cite:   "terraform-aws-eks docs/UPGRADE-20.0.md (renamed variables) and modules/karpenter/variables.tf at v18.31.0, v19.21.0 and v20.0.0",
	Moves: []inputMove{
		{Input: "create_iam_role", Then: "whether the module creates the Karpenter node IAM role", Now: "whether the module creates the Karpenter controller's IAM role", Renamed: "create_node_iam_role"},
		{Input: "iam_role_arn", Then: "the existing node IAM role given to Karpenter's nodes", Renamed: "node_iam_role_arn"},
		{Input: "iam_role_name", Then: "the name of the node IAM role", Now: "the name of the Karpenter controller's IAM role", Renamed: "node_iam_role_name"},
		{Input: "iam_role_use_name_prefix", Then: "the node IAM role's name prefix switch", Now: "the controller role's name prefix switch", Renamed: "node_iam_role_use_name_prefix"},
		{Input: "iam_role_path", Then: "the node IAM role's path", Now: "the controller role's path", Renamed: "node_iam_role_path"},
		{Input: "iam_role_description", Then: "the node IAM role's description", Now: "the controller role's description", Renamed: "node_iam_role_description"},
		{Input: "iam_role_max_session_duration", Then: "the node IAM role's session duration", Now: "the controller role's session duration", Renamed: "node_iam_role_max_session_duration"},
		{Input: "iam_role_permissions_boundary", Then: "the node IAM role's permissions boundary", Renamed: "node_iam_role_permissions_boundary"},
		{Input: "iam_role_attach_cni_policy", Then: "whether the node IAM role gets the CNI policy", Renamed: "node_iam_role_attach_cni_policy"},
		{Input: "iam_role_additional_policies", Then: "extra policies of the node IAM role", Renamed: "node_iam_role_additional_policies"},
		{Input: "iam_role_tags", Then: "the node IAM role's tags", Now: "the controller role's tags", Renamed: "node_iam_role_tags"},
	},
}

// majorChanges are every module major whose input meanings the rule knows.
var majorChanges = []majorChange{karpenterNodeRole}
