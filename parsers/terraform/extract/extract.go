package extract

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Extractor is the eval.Extractor of a load: it adds the entities of the
// model for what evaluation produced.
type Extractor struct{}

// Resource turns an evaluated resource instance into model entities. Only
// the attributes the model needs are read; everything else is ignored, so
// new provider arguments never break anything.
func (Extractor) Resource(mi *eval.ModInst, r *eval.Resource, local string, v cty.Value, extra map[string]cty.Value) {
	e := mi.Evaluator
	if _, ok := e.LookedUp(mi.Addr(local)); ok && r.Data && (r.Type == "aws_iam_role" || r.Type == "aws_iam_instance_profile") {
		return // an object the root declares, read back by name: that object
	}
	x := &extraction{e: e, mi: mi, r: r, v: v, extra: extra}
	defer mi.PlaceInProviderCluster(r, len(e.Entities()), len(e.Embedded))
	if !r.Data {
		x.provisionedManifests(local)
	}
	obj := lint.Object{
		Addr:   mi.Addr(local),
		Root:   mi.Evaluator.RootRel,
		Label:  mi.Label(local),
		Range:  e.Session.Rng(r.DefRange),
		Source: lint.SourceTerraform,
		Scope:  e.Scope.Merge(mi.ProviderFor(r).Scope),

		CreateBeforeDestroy: r.CreateBeforeDestroy,
	}
	obj.NameRange = obj.Range
	if site := mi.CachedCallSite(); len(site) > 0 {
		obj.CallSite = &site[0]
	}
	switch {
	case !r.Data && r.Type == "aws_iam_role", r.Data && r.Type == "aws_iam_role":
		obj.Kind = lint.KindRole
		obj.LookedUp = r.Data
		x.name(&obj, "name", "name_prefix")
		e.Add(&lint.Role{Object: obj, ARN: x.val("arn"), Trust: x.trust(obj.Label)})
	case r.Type == "aws_iam_instance_profile":
		obj.Kind = lint.KindInstanceProfile
		obj.LookedUp = r.Data
		x.name(&obj, "name", "name_prefix")
		ip := &lint.InstanceProfile{Object: obj, ARN: x.val("arn")}
		if !r.Data {
			ip.Role = x.ref("role")
		}
		e.Add(ip)
	case r.Data && r.Type == "aws_iam_instance_profiles":
		// The profiles that hold a role, looked up by the role's name:
		// whichever of them is used holds that role.
		obj.Kind = lint.KindInstanceProfile
		obj.LookedUp = true
		obj.Name = lint.Unknown()
		e.Add(&lint.InstanceProfile{Object: obj, ARN: lint.Unknown(), Role: x.ref("role_name")})
	case !r.Data && (r.Type == "aws_security_group" || r.Type == "aws_default_security_group"):
		obj.Kind = lint.KindSecurityGroup
		if r.Type == "aws_default_security_group" {
			// The VPC's own group, adopted: EC2 names it "default".
			obj.Name = lint.Known("default")
		} else {
			x.name(&obj, "name", "name_prefix")
		}
		sg := &lint.SecurityGroup{Object: obj, ID: x.val("id")}
		sg.Tags, sg.TagsIncomplete, sg.TagRanges, sg.OpenTagKeys = x.tags(mi.ProviderFor(r).DefaultTags)
		e.Add(sg)
	case !r.Data && r.Type == "aws_launch_template":
		obj.Kind = lint.KindLaunchTemplate
		x.name(&obj, "name", "name_prefix")
		lt := &lint.LaunchTemplate{Object: obj, ID: x.val("id")}
		lt.InstanceProfile = x.firstRef([2]string{"iam_instance_profile", "name"}, [2]string{"iam_instance_profile", "arn"})
		lt.NoInstanceProfile = x.writesNone("iam_instance_profile")
		lt.SecurityGroups = x.refList(nil, "vpc_security_group_ids")
		x.launchTemplateType(lt)
		lt.NoImage = x.noImage()
		x.userDataSettings(lt)
		for i := range eval.BlockList(eval.GetAttr(v, "network_interfaces")) {
			lt.SecurityGroups = append(lt.SecurityGroups, x.refList(&blockIndex{"network_interfaces", i}, "security_groups")...)
		}
		e.Add(lt)
	case !r.Data && r.Type == "aws_launch_configuration":
		obj.Kind = lint.KindLaunchTemplate
		x.name(&obj, "name", "name_prefix")
		lt := &lint.LaunchTemplate{Object: obj, ID: x.val("id")}
		lt.InstanceProfile = x.ref("iam_instance_profile")
		lt.NoInstanceProfile = x.writesNone("iam_instance_profile")
		lt.SecurityGroups = x.refList(nil, "security_groups")
		x.launchTemplateType(lt)
		e.Add(lt)
	case !r.Data && r.Type == "aws_eks_node_group":
		obj.Kind = lint.KindNodeGroup
		x.name(&obj, "node_group_name", "node_group_name_prefix")
		ng := &lint.NodeGroup{Object: obj, Managed: true, Cluster: x.val("cluster_name"), Role: x.ref("node_role_arn")}
		ng.LaunchTemplate = x.firstRef([2]string{"launch_template", "id"}, [2]string{"launch_template", "name"})
		ng.Capacity = x.managedCapacity()
		e.Add(ng)
	case !r.Data && r.Type == "aws_eks_fargate_profile":
		e.Add(x.fargateProfile(obj))
	case r.Type == "aws_subnet":
		e.Add(x.subnet(obj))
	case !r.Data && r.Type == "aws_eks_cluster":
		obj.Kind = lint.KindCluster
		x.name(&obj, "name", "")
		cl := x.cluster(obj)
		e.Add(cl)
		sg := lint.NewClusterSecurityGroup(cl, "vpc_config[0].cluster_security_group_id", "vpc_config[0].cluster_security_group_name")
		// Whether EKS copies the tags a cluster is created with onto the
		// group is not something faultline decides: they are tags the
		// group may carry, and tags that cannot be read leave its tags
		// open.
		tags, incomplete, _, open := x.tags(mi.ProviderFor(r).DefaultTags)
		sg.TagsIncomplete = sg.TagsIncomplete || incomplete
		sg.OpenTagKeys = append(sg.OpenTagKeys, open...)
		sg.AddMaybeTags(tags)
		e.Add(sg)
	case !r.Data && workloadResources[r.Type].kind != "":
		x.workload(local, workloadResources[r.Type])
	case !r.Data && storageResources[r.Type].kind != "":
		x.workload(local, storageResources[r.Type])
	case !r.Data && (r.Type == "kubernetes_replication_controller" || r.Type == "kubernetes_replication_controller_v1"):
		// A ReplicationController's pods are not read, written as a
		// manifest or not: a note, so an absent finding is explained.
		x.e.Notes = append(x.e.Notes, lint.Note{Kind: lint.Skipped, What: obj.Label + ": a ReplicationController is not read; its pods' service account and scheduling are not checked (a Deployment's are)", Range: obj.Range})
	case r.Data && r.Type == "aws_eks_cluster":
		if _, ok := e.LookedUp(obj.Addr); !ok {
			// A cluster its root does not declare: another root's may be it.
			obj.Kind, obj.LookedUp = lint.KindClusterLookup, true
			obj.Name = x.val("name")
			e.Add(&lint.ClusterLookup{Object: obj})
		}
	case !r.Data && otherClusterTypes[r.Type] != "":
		obj.Kind = lint.KindOtherCluster
		obj.Name = x.val("name")
		e.Add(&lint.OtherCluster{Object: obj, What: otherClusterTypes[r.Type] + " " + obj.Label})
	case !r.Data && r.Type == "aws_ec2_tag":
		x.ec2Tag(obj)
	case !r.Data && r.Type == "aws_eks_access_entry":
		obj.Kind = lint.KindAccessEntry
		obj.Name = x.val("principal_arn")
		ae := &lint.AccessEntry{Object: obj, Cluster: x.val("cluster_name"), Principal: x.ref("principal_arn")}
		if t := eval.GetAttr(x.v, "type"); t.IsKnown() && t.IsNull() {
			ae.Type = "STANDARD" // the provider's default
		} else {
			ae.Type, _ = x.val("type").Str()
		}
		e.Add(ae)
	case !r.Data && r.Type == "helm_release":
		e.Add(x.release(obj))
	case !r.Data && (r.Type == "kubectl_manifest"):
		n := len(x.e.Embedded)
		x.embed(local, "yaml_body")
		x.kubectlNamespace(n)
	case !r.Data && (r.Type == "github_repository_file" || r.Type == "gitlab_repository_file"):
		x.committedManifest(local)
	case !r.Data && r.Type == "kubernetes_manifest":
		x.embed(local, "manifest")
	case !r.Data && r.Type == "argocd_application":
		x.argoApplication(local)
	case !r.Data && (r.Type == "local_file" || r.Type == "local_sensitive_file"):
		x.generatedFile(local)
	case !r.Data && r.Type == "flux_bootstrap_git":
		x.fluxOverride(local)
	case !r.Data && (r.Type == "kubernetes_service_account" || r.Type == "kubernetes_service_account_v1"):
		e.Add(x.serviceAccount(obj))
	case !r.Data && (r.Type == "kubernetes_namespace" || r.Type == "kubernetes_namespace_v1"):
		e.Add(x.namespace(obj))
	case !r.Data && r.Type == "aws_eks_addon":
		for _, ent := range x.addon(obj) {
			e.Add(ent)
		}
	case r.Type == "aws_iam_openid_connect_provider":
		obj.Kind = lint.KindOIDCProvider
		e.Add(x.oidcProvider(obj))
	case !r.Data && r.Type == "aws_eks_pod_identity_association":
		e.Add(x.podIdentity(obj))
	case !r.Data && (r.Type == "kubernetes_config_map" || r.Type == "kubernetes_config_map_v1" || r.Type == "kubernetes_config_map_v1_data"):
		cm := x.configMap(obj)
		e.Add(cm)
		x.configMapData(local, cm)
		for _, ae := range x.awsAuth(cm) {
			e.Add(ae)
		}
	case !r.Data && (r.Type == "kubernetes_secret" || r.Type == "kubernetes_secret_v1"):
		x.secretData(local, obj)
	case !r.Data && r.Type == "aws_autoscaling_group":
		obj.Kind = lint.KindNodeGroup
		x.name(&obj, "name", "name_prefix")
		ng := &lint.NodeGroup{Object: obj}
		ng.LaunchTemplate = x.firstRef([2]string{"launch_template", "id"}, [2]string{"launch_template", "name"})
		if !ng.LaunchTemplate.IsSet() {
			ng.LaunchTemplate = x.ref("launch_configuration")
		}
		if !ng.LaunchTemplate.IsSet() {
			ng.LaunchTemplate = x.mixedPolicyTemplate()
		}
		ng.Capacity = x.selfManagedCapacity()
		ng.Cluster = x.taggedCluster()
		e.Add(ng)
	}
}

// writesNone reports whether the resource's own block certainly writes
// no argument or block of that name (nor a dynamic block making one): a
// stand-in of a module, which models only what faultline reads, says
// nothing.
func (x *extraction) writesNone(name string) bool {
	if x.mi.Model != nil || x.r.Body == nil {
		return false
	}
	if _, ok := x.r.Body.Attrs[name]; ok {
		return false
	}
	for _, b := range x.r.Body.Blocks {
		if b.Type == name || b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == name {
			return false
		}
	}
	return true
}

// taggedCluster is the EKS cluster an Auto Scaling group's tag
// kubernetes.io/cluster/<name> names (the tag EKS's self-managed node
// groups carry), Unknown when no tag of it is read.
func (x *extraction) taggedCluster() lint.Value {
	for _, t := range eval.BlockList(eval.GetAttr(x.v, "tag")) {
		k, ok := x.e.Holes.ToValue(eval.GetAttr(t, "key")).Str()
		if name, found := strings.CutPrefix(k, "kubernetes.io/cluster/"); ok && found && name != "" {
			return lint.Known(name)
		}
	}
	return lint.Unknown()
}

type extraction struct {
	e  *eval.Evaluator
	mi *eval.ModInst
	r  *eval.Resource
	v  cty.Value
	// extra are the instance's each / count values (for expressions
	// evaluated again, such as a dynamic block's for_each).
	extra map[string]cty.Value
	// dynamicCounts holds, by index in the resource body's blocks, how
	// many blocks each dynamic block makes (-1: not known).
	dynamicCounts map[int]int
}

type blockIndex struct {
	typ string
	i   int
}

func (x *extraction) val(attr string) lint.Value { return x.e.Holes.ToValue(eval.GetAttr(x.v, attr)) }

// attr finds the attribute's declaration, in the body or in a nested block.
func (x *extraction) attr(block *blockIndex, name string) *hcl.Attribute {
	if block == nil {
		return x.r.Body.Attrs[name]
	}
	if j := x.blockSource(block.typ, block.i); j >= 0 {
		b := x.r.Body.Blocks[j]
		if b.Type == block.typ {
			return b.Body.Attrs[name]
		}
		// Made by a dynamic block: the block itself.
		return &hcl.Attribute{Name: block.typ, Range: b.DefRange, NameRange: b.TypeRange}
	}
	// JSON syntax, a list attribute, or a dynamic block over what is not
	// known: fall back to the enclosing attribute or the first dynamic
	// block of the type.
	if a, ok := x.r.Body.Attrs[block.typ]; ok {
		if item := tupleObjectItem(x.mi, a.Expr, block.i, name); item != nil {
			return item // set = [{ name = …, value = … }]: the element's item
		}
		return a
	}
	for _, b := range x.r.Body.Blocks {
		if b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == block.typ {
			return &hcl.Attribute{Name: block.typ, Range: b.DefRange, NameRange: b.TypeRange}
		}
	}
	return nil
}

// blockSource is the index, in the resource body's blocks, of the block
// that makes the i-th block of type typ in the evaluated value: blocks
// count in written order, a dynamic block once per element of its
// for_each, as the evaluator expands it where it is written; -1 when no
// block makes it or a dynamic block before it iterates over what is not
// known.
func (x *extraction) blockSource(typ string, i int) int {
	n := 0
	for j, b := range x.r.Body.Blocks {
		switch {
		case b.Type == typ:
			if n == i {
				return j
			}
			n++
		case b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == typ:
			made, known := x.dynamicBlocks(j)
			if !known {
				return -1
			}
			if i < n+made {
				return j
			}
			n += made
		}
	}
	return -1
}

// dynamicBlocks is how many blocks the resource body's j-th block, a
// dynamic block, makes: one per element of its for_each, none without a
// for_each or a content block (as the evaluator expands it); known is
// false when its for_each is not known.
func (x *extraction) dynamicBlocks(j int) (made int, known bool) {
	if n, ok := x.dynamicCounts[j]; ok {
		return n, n >= 0
	}
	made, known = 0, true
	b := x.r.Body.Blocks[j]
	fe, hasForEach := b.Body.Attrs["for_each"]
	hasContent := false
	for _, c := range b.Body.Blocks {
		hasContent = hasContent || c.Type == "content"
	}
	if hasForEach && hasContent {
		switch coll := x.mi.Eval(fe.Expr, x.extra); {
		case !coll.IsKnown() || coll.Type() == cty.String && lint.HasSentinel(coll.AsString()):
			known = false
		case !coll.IsNull() && coll.CanIterateElements():
			made = coll.LengthInt()
		}
	}
	if x.dynamicCounts == nil {
		x.dynamicCounts = map[int]int{}
	}
	x.dynamicCounts[j] = made
	if !known {
		x.dynamicCounts[j] = -1
	}
	return made, known
}

// name sets the object's identity name from name (or a name prefix).
func (x *extraction) name(o *lint.Object, attr, prefixAttr string) {
	if x.providerNames(o.Addr, attr, prefixAttr) {
		o.Name = lint.Concat(lint.Known(generatedNamePrefix), lint.Hole(lint.HoleRef{Object: o.Addr, Path: attr, Anonymous: true}))
		return
	}
	if a := x.attr(nil, attr); a != nil {
		v := x.val(attr)
		// `name = cond ? null : …` left unset: the value is this object's
		// own computed name, so a name prefix (if any) says more.
		own := false
		if ref, ok := v.SoleRef(); ok && ref.Object == o.Addr && ref.Path == attr {
			own = true
		}
		if raw := eval.GetAttr(x.v, attr); raw != cty.NilVal && raw.IsKnown() && raw.IsNull() {
			own = true // null: the provider computes it from the prefix
		}
		if !own || x.attr(nil, prefixAttr) == nil || x.val(prefixAttr).IsUnknown() {
			o.NameRange = x.pos(a)
			o.Name = v
			return
		}
	}
	if a := x.attr(nil, prefixAttr); a != nil {
		o.NameRange = x.pos(a)
		if p := x.val(prefixAttr); !p.IsUnknown() {
			o.Name = lint.Concat(p, lint.Hole(lint.HoleRef{Object: o.Addr, Path: attr, Anonymous: true}))
			return
		}
	}
	o.Name = x.val(attr)
}

// readsOnlyInputs reports whether an expression reads nothing but input
// variables, locals and the instance's keys (count, each): a null it
// gives is the user's choice, not a failed read of an object.
func readsOnlyInputs(e hcl.Expression) bool {
	for _, t := range e.Variables() {
		switch t.RootName() {
		case "var", "local", "count", "each", "terraform":
		default:
			return false
		}
	}
	return true
}

// generatedNamePrefix starts the name the AWS provider gives a resource
// written without a name or a name prefix (id.UniqueId: "terraform-"
// and a timestamp with a counter).
const generatedNamePrefix = "terraform-"

// generatedNameTypes are the resource types the AWS provider names so
// (create.Name with neither name nor prefix given).
var generatedNameTypes = map[string]bool{
	"aws_iam_role": true, "aws_iam_instance_profile": true, "aws_security_group": true,
	"aws_launch_template": true, "aws_launch_configuration": true, "aws_eks_node_group": true,
	"aws_autoscaling_group": true,
}

// providerNames reports whether the provider names the resource at addr
// (generatedNamePrefix): a managed resource of generatedNameTypes whose
// name and name prefix are both unset (not written, or null, which the
// evaluation gives as the resource's own computed attribute).
func (x *extraction) providerNames(addr, attr, prefixAttr string) bool {
	if x.r.Data || !generatedNameTypes[x.r.Type] {
		return false
	}
	for _, a := range []string{attr, prefixAttr} {
		if a == "" || x.attr(nil, a) == nil {
			continue
		}
		if !readsOnlyInputs(x.attr(nil, a).Expr) {
			// A reference to an object (one the tree may not declare,
			// whose read fails) is no name left unset.
			return false
		}
		if raw := eval.GetAttr(x.v, a); raw != cty.NilVal && raw.IsKnown() && raw.IsNull() {
			continue
		}
		if ref, ok := x.val(a).SoleRef(); !ok || ref.Object != addr || ref.Path != a {
			return false
		}
	}
	return true
}

// pos is where an attribute is written; in a stand-in, the user's
// argument that passes its value in, when one does.
func (x *extraction) pos(a *hcl.Attribute) lint.Range {
	if x.mi.Model != nil {
		for _, l := range x.passed(a.Expr) {
			if !modsource.IsModelFile(l.Range.File) {
				return l.Range
			}
		}
	}
	return x.e.Session.Rng(a.Range)
}

// ref reads a top-level attribute as a reference with its range.
func (x *extraction) ref(attr string) lint.Ref {
	a := x.attr(nil, attr)
	if a == nil {
		return lint.Ref{}
	}
	return lint.Ref{Value: x.val(attr), Range: x.e.Session.Rng(a.Range), Passed: x.passed(a.Expr)}
}

// passed follows an expression that is exactly var.NAME up through the
// module calls that pass it, so findings can point where a user sets it.
func (x *extraction) passed(expr hcl.Expression) []lint.Location {
	var out []lint.Location
	mi := x.mi
	for expr != nil && mi.Call != nil && mi.Parent != nil {
		t, diags := hcl.AbsTraversalForExpr(expr)
		if diags.HasErrors() || t.RootName() != "var" {
			break
		}
		name, ok := eval.AttrName(t, 1)
		if !ok || len(t) != 2 {
			break
		}
		a, ok := mi.Call.Attrs[name]
		if !ok {
			break
		}
		by := mi.Path
		if mi.Parent.Parent == nil && mi.Parent.Module.IsUnit() {
			// A unit's input, written in its configuration.
			by = "unit " + mi.Evaluator.RootRel
		}
		out = append(out, lint.Location{Range: x.e.Session.Rng(a.Range), Message: "passed in as " + name + " by " + by})
		expr, mi = a.Expr, mi.Parent
	}
	return append(out, mi.CachedCallSite()...)
}

// firstRef reads the first present nested attribute ({block, attr}).
func (x *extraction) firstRef(paths ...[2]string) lint.Ref {
	for _, p := range paths {
		blocks := eval.BlockList(eval.GetAttr(x.v, p[0]))
		if len(blocks) == 0 {
			continue
		}
		val := eval.GetAttr(blocks[0], p[1])
		if val == cty.NilVal || val.IsNull() {
			continue
		}
		rng := lint.Range{}
		if a := x.attr(&blockIndex{p[0], 0}, p[1]); a != nil {
			rng = x.e.Session.Rng(a.Range)
		} else {
			rng = x.e.Session.Rng(x.r.DefRange)
		}
		ref := lint.Ref{Value: x.e.Holes.ToValue(val), Range: rng}
		if a := x.attr(&blockIndex{p[0], 0}, p[1]); a != nil {
			ref.Passed = x.passed(a.Expr)
		}
		return ref
	}
	return lint.Ref{}
}

// refList reads a list attribute as one reference per element, each with
// its own range when the list is written out.
func (x *extraction) refList(block *blockIndex, attr string) []lint.Ref {
	holder := x.v
	if block != nil {
		bl := eval.BlockList(eval.GetAttr(x.v, block.typ))
		if block.i >= len(bl) {
			return nil
		}
		holder = bl[block.i]
	}
	list := eval.GetAttr(holder, attr)
	a := x.attr(block, attr)
	if list == cty.NilVal || list.IsNull() || a == nil {
		return nil
	}
	whole := x.e.Session.Rng(a.Range)
	if !list.IsKnown() || !list.CanIterateElements() {
		return []lint.Ref{{Value: lint.Unknown(), Range: whole}}
	}
	var elems []hcl.Expression
	if tc, ok := a.Expr.(*hclsyntax.TupleConsExpr); ok {
		for _, ex := range tc.Exprs {
			elems = append(elems, ex)
		}
	}
	var out []lint.Ref
	i := 0
	for it := list.ElementIterator(); it.Next(); i++ {
		_, el := it.Element()
		r := whole
		if len(elems) == list.LengthInt() {
			r = x.e.Session.Rng(elems[i].Range())
		}
		ref := lint.Ref{Value: x.e.Holes.ToValue(el), Range: r}
		if len(elems) == list.LengthInt() {
			ref.Passed = x.passed(elems[i])
		} else {
			ref.Passed = x.passed(a.Expr)
		}
		out = append(out, ref)
	}
	return out
}

// tags evaluates the tags a resource gets: provider default_tags, then its
// own tags.
func (x *extraction) tags(defaults cty.Value) (out map[string]lint.Value, incomplete bool, ranges map[string]lint.Range, open []lint.Value) {
	out = map[string]lint.Value{}
	ranges = map[string]lint.Range{}
	read := func(v cty.Value, rng lint.Range) {
		if v == cty.NilVal || v.IsNull() {
			return
		}
		if !v.IsKnown() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
			incomplete = true
			return
		}
		for it := v.ElementIterator(); it.Next(); {
			k, val := it.Element()
			key := x.e.Holes.Decode(k.AsString())
			ks, ok := key.Str()
			if !ok {
				// "kubernetes.io/cluster/${var.name}": a key known in
				// part, which only a key it may be can match.
				open = append(open, key)
				continue
			}
			out[ks] = x.e.Holes.ToValue(val)
			ranges[ks] = rng
		}
	}
	read(defaults, lint.Range{})
	if a := x.attr(nil, "tags"); a != nil {
		v := eval.GetAttr(x.v, "tags")
		if v != cty.NilVal && !v.IsKnown() {
			// merge(var.tags, {"karpenter.sh/discovery" = …}) with a map
			// variable not known: the keys it surely holds.
			if known, _ := x.mi.KnownEntries(a.Expr, x.extra); len(known) > 0 {
				incomplete = true
				v = cty.ObjectVal(known)
			}
		}
		read(v, x.e.Session.Rng(a.Range))
		for k := range ranges {
			if r, ok := x.mi.InputItem(a.Expr, k); ok {
				ranges[k] = x.e.Session.Rng(r)
			} else if r, ok := x.mi.WrittenItem(a.Expr, k); ok && x.mi.Model == nil {
				ranges[k] = x.e.Session.Rng(r)
			}
		}
	}
	return out, incomplete, ranges, open
}

// mixedPolicyTemplate reads the launch template of a mixed instances policy.
func (x *extraction) mixedPolicyTemplate() lint.Ref {
	for _, mp := range eval.BlockList(eval.GetAttr(x.v, "mixed_instances_policy")) {
		for _, lt := range eval.BlockList(eval.GetAttr(mp, "launch_template")) {
			for _, spec := range eval.BlockList(eval.GetAttr(lt, "launch_template_specification")) {
				for _, k := range []string{"launch_template_id", "launch_template_name"} {
					if v := eval.GetAttr(spec, k); v != cty.NilVal && !v.IsNull() {
						rng := x.e.Session.Rng(x.r.DefRange)
						if a := x.attr(&blockIndex{"mixed_instances_policy", 0}, "launch_template"); a != nil {
							rng = x.e.Session.Rng(a.Range)
						}
						return lint.Ref{Value: x.e.Holes.ToValue(v), Range: rng}
					}
				}
			}
		}
	}
	return lint.Ref{}
}

// trust parses a role's assume_role_policy: every form (jsonencode, heredoc
// or quoted JSON, file(), templatefile(), a policy document's json) is a
// string by now, with sentinels for its unknown parts. A policy that is
// wholly unknown stays Known: false; one that is not valid JSON is an input
// diagnostic at the line of the error.
func (x *extraction) trust(label string) lint.Trust {
	a := x.attr(nil, "assume_role_policy")
	if a == nil {
		return lint.Trust{}
	}
	whole := x.e.Session.Rng(a.Range)
	if written, in := x.mi.PassedExpr(a.Expr); in != x.mi {
		// A policy the module's caller writes (assume_role_policy =
		// var.trust_policy) is reported where it is written.
		whole = x.e.Session.Rng(written.Range())
	}
	tr := lint.Trust{Range: whole}
	v := eval.GetAttr(x.v, "assume_role_policy")
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return tr
	}
	v, _ = v.Unmark()
	if v.Type() != cty.String {
		return tr
	}
	text := v.AsString()
	if lint.HasSentinel(text) && strings.TrimSpace(lint.LiteralPrefix(text)) == "" {
		return tr // the whole policy is a reference
	}
	t, err := lint.ParseTrustPolicy(text, x.e.Holes.Holes, whole)
	if err != nil {
		line := 1
		if te, ok := err.(*lint.TrustError); ok {
			line = te.Line
		}
		pm := x.positionMap(a.Expr, whole, []byte(text))
		at := pm.Map(lint.Range{Line: line, Column: 1, EndLine: line, EndColumn: 1}, "")
		d := lint.Diagnostic{
			Range:   at,
			Summary: "invalid trust policy",
			Detail:  "assume_role_policy of " + label + " is not valid JSON (" + err.Error() + "); its trust is not checked.",
		}
		tr.Invalid = true
		for _, old := range x.e.VarDiags {
			if old == d {
				return tr
			}
		}
		x.e.VarDiags = append(x.e.VarDiags, d)
		return tr
	}
	return t
}

// otherClusterTypes are the resource types of the Kubernetes clusters of
// other clouds and tools, with what each makes: a workload whose cluster
// is not known may run on one, whose capacity faultline does not read.
var otherClusterTypes = map[string]string{
	"azurerm_kubernetes_cluster":      "AKS cluster",
	"google_container_cluster":        "GKE cluster",
	"digitalocean_kubernetes_cluster": "DigitalOcean Kubernetes cluster",
	"linode_lke_cluster":              "LKE cluster",
	"oci_containerengine_cluster":     "OKE cluster",
	"scaleway_k8s_cluster":            "Scaleway Kapsule cluster",
	"civo_kubernetes_cluster":         "Civo Kubernetes cluster",
	"vultr_kubernetes":                "Vultr Kubernetes cluster",
	"ibm_container_vpc_cluster":       "IBM Cloud Kubernetes cluster",
	"alicloud_cs_managed_kubernetes":  "ACK cluster",
	"exoscale_sks_cluster":            "Exoscale SKS cluster",
	"ovh_cloud_project_kube":          "OVHcloud Managed Kubernetes cluster",
	"kind_cluster":                    "kind cluster",
	"rancher2_cluster":                "Rancher cluster",
	"rancher2_cluster_v2":             "Rancher cluster",
	"yandex_kubernetes_cluster":       "Yandex Managed Kubernetes cluster",
}

// cluster reads an aws_eks_cluster: its access_config authentication mode
// (unknown when access_config does not set it: EKS then keeps what the
// cluster has, CONFIG_MAP for a cluster created without it; ModeDefaulted
// says so).
func (x *extraction) cluster(obj lint.Object) *lint.Cluster {
	cl := &lint.Cluster{Object: obj, AuthenticationMode: lint.Unknown(), ModeRange: obj.Range}
	if ac := eval.GetAttr(x.v, "access_config"); x.v != cty.NilVal && x.v.IsKnown() && (ac == cty.NilVal || ac.IsKnown() && len(eval.BlockList(ac)) == 0) {
		cl.ModeDefaulted = true
	}
	for _, b := range eval.BlockList(eval.GetAttr(x.v, "access_config")) {
		mode := eval.GetAttr(b, "authentication_mode")
		cl.ModeDefaulted = mode == cty.NilVal || mode.IsKnown() && mode.IsNull()
		cl.AuthenticationMode = x.e.Holes.ToValue(mode)
		if a := x.attr(&blockIndex{"access_config", 0}, "authentication_mode"); a != nil {
			cl.ModeRange = x.pos(a)
		}
	}
	for _, b := range eval.BlockList(eval.GetAttr(x.v, "compute_config")) {
		on, unknown := boolAttr(eval.GetAttr(b, "enabled"))
		cl.AutoMode, cl.AutoModeUnknown = cl.AutoMode || on, cl.AutoModeUnknown || unknown
		// node_pools = []: none of the built-in NodePools (an empty list
		// known statically; absent or unknown, they may be there).
		if pools := eval.GetAttr(b, "node_pools"); on && pools != cty.NilVal && pools.IsWhollyKnown() && !pools.IsNull() && pools.CanIterateElements() && pools.LengthInt() == 0 {
			cl.NoBuiltInPools = true
		}
	}
	if v := eval.GetAttr(x.v, "compute_config"); v != cty.NilVal && !v.IsKnown() {
		cl.AutoModeUnknown = true
	}
	// The cluster security group EKS creates: its ID is the cluster's
	// computed vpc_config[0].cluster_security_group_id, a hole naming it
	// unless a plan knows it.
	cl.SecurityGroupID = lint.Hole(lint.HoleRef{Object: obj.Addr, Path: "vpc_config[0].cluster_security_group_id"})
	if vc := eval.BlockList(eval.GetAttr(x.v, "vpc_config")); len(vc) > 0 {
		if id := x.e.Holes.ToValue(eval.GetAttr(vc[0], "cluster_security_group_id")); id.IsKnown() {
			if s, _ := id.Str(); s != "" {
				cl.SecurityGroupID = id
			}
		}
		cl.Subnets = x.refList(&blockIndex{"vpc_config", 0}, "subnet_ids")
	} else if v := eval.GetAttr(x.v, "vpc_config"); v != cty.NilVal && !v.IsKnown() {
		cl.Subnets = []lint.Ref{{Value: lint.Unknown(), Range: obj.Range}}
	}
	return cl
}

// ec2Tag adds the tag an aws_ec2_tag puts on a security group of the model
// (the cluster security group, typically) or a subnet (one another stack
// owns, tagged for Karpenter's discovery) to it. Its resource is
// evaluated after what its resource_id references, so the group is already
// extracted; the latest group with that ID is the one of this evaluation.
// A key that cannot be read leaves the group's tags incomplete. A tag on
// a resource the model does not hold by that ID — an ID not known (read
// from another stack's state, an element of a list not known), or one of
// a resource another source owns — is a loose tag: any subnet or
// security group may carry it (lint.Model.PlaceLooseTags).
func (x *extraction) ec2Tag(obj lint.Object) {
	if id := x.val("resource_id"); id.IsUnknown() || !x.placeTag(id) {
		obj.Kind = lint.KindLooseTag
		t := &lint.LooseTag{Object: obj, Key: x.val("key"), Value: x.val("value"), ResourceID: id, KeyRange: x.e.Session.Rng(x.r.DefRange)}
		if a := x.attr(nil, "key"); a != nil {
			t.KeyRange = x.pos(a)
		}
		x.e.Add(t)
	}
}

// placeTag adds an aws_ec2_tag's tag to the subnet or security group of
// the model with ID id; false when there is none.
func (x *extraction) placeTag(id lint.Value) bool {
	ents := x.e.Entities()
	for i := len(ents) - 1; i >= 0; i-- {
		if sn, ok := ents[i].(*lint.Subnet); ok && lint.Compare(sn.ID, id) == lint.Yes {
			// A subnet another stack owns, tagged for Karpenter's
			// subnetSelectorTerms.
			key, ok := x.val("key").Str()
			if !ok {
				sn.OpenTagKeys = append(sn.OpenTagKeys, x.val("key"))
				return true
			}
			if sn.Tags == nil {
				sn.Tags = map[string]lint.Value{}
			}
			sn.Tags[key] = x.val("value")
			return true
		}
		sg, ok := ents[i].(*lint.SecurityGroup)
		if !ok || lint.Compare(sg.ID, id) != lint.Yes {
			continue
		}
		key, ok := x.val("key").Str()
		if !ok {
			sg.OpenTagKeys = append(sg.OpenTagKeys, x.val("key"))
			return true
		}
		if sg.Tags == nil {
			sg.Tags, sg.TagRanges = map[string]lint.Value{}, map[string]lint.Range{}
		}
		sg.Tags[key] = x.val("value")
		if a := x.attr(nil, "key"); a != nil {
			sg.TagRanges[key] = x.pos(a)
		} else {
			sg.TagRanges[key] = x.e.Session.Rng(x.r.DefRange)
		}
		if fe := x.r.ForEachExpr(); fe != nil {
			// A stand-in's tags for_each over the caller's map: where
			// the caller writes the key.
			if r, ok := x.mi.InputItem(fe, key); ok {
				sg.TagRanges[key] = x.e.Session.Rng(r)
			}
		}
		return true
	}
	return false
}

// boolAttr reads a boolean attribute: on when true (or "true", as
// Terraform converts), unknown when it cannot be read (a hole, unknown).
func boolAttr(v cty.Value) (on, unknown bool) {
	switch {
	case v == cty.NilVal || v.IsKnown() && v.IsNull():
		return false, false
	case !v.IsKnown():
		return false, true
	case v.Type() == cty.Bool:
		return v.True(), false
	case v.Type() == cty.String && (v.AsString() == "true" || v.AsString() == "false"):
		return v.AsString() == "true", false
	}
	return false, true
}

// oidcProvider reads an IAM OIDC provider and the issuer it is for: its
// url, or (a data source found by arn) the issuer its ARN names.
func (x *extraction) oidcProvider(obj lint.Object) *lint.OIDCProvider {
	url := x.val("url")
	if x.r.Data && x.attr(nil, "url") == nil {
		if arn := x.val("arn"); !arn.IsUnknown() && x.attr(nil, "arn") != nil {
			url = lint.IssuerOfProvider(arn)
		}
	}
	if iss := lint.ParseIssuer(url); !iss.Bare.IsUnknown() {
		obj.Name = iss.Bare
	}
	p := &lint.OIDCProvider{Object: obj, URL: url, ARN: x.val("arn"), Data: x.r.Data}
	if !x.r.Data {
		p.ClientIDs = x.clientIDs()
	}
	return p
}

// clientIDs is a provider's client_id_list as values (an element may be
// partly known), nil when the list itself is not known.
func (x *extraction) clientIDs() []lint.Value {
	v := eval.GetAttr(x.v, "client_id_list")
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() || !(v.Type().IsListType() || v.Type().IsSetType() || v.Type().IsTupleType()) {
		return nil
	}
	v, _ = v.Unmark()
	out := []lint.Value{}
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		out = append(out, x.e.Holes.ToValue(e))
	}
	return out
}

// tupleObjectItem is item name of the i-th element of a list written as
// a tuple of objects (the helm provider 3.x's set = [{ name = "a", value
// = "b" }]), or as concat() of such tuples and conditionals that choose
// one (listElements), as an attribute from its key to its value; nil when
// expr is not so written.
func tupleObjectItem(in *eval.ModInst, expr hcl.Expression, i int, name string) *hcl.Attribute {
	elems := listElements(in, expr, 4)
	if i >= len(elems) {
		return nil
	}
	e, ok := eval.Unhooked(elems[i]).(hclsyntax.Expression)
	if !ok {
		return nil
	}
	it, ok := objectItems(e)[name]
	if !ok {
		return nil
	}
	return &hcl.Attribute{Name: name, Expr: it.ValueExpr, Range: hcl.RangeBetween(it.KeyExpr.Range(), it.ValueExpr.Range()), NameRange: it.KeyExpr.Range()}
}
