// Package plan reads the JSON of `terraform show -json PLANFILE` and turns
// its deletions, replacements and forgets into lint.Changes: the objects as
// they are in the prior state (real names, ARNs, IDs), for the rules that
// check what still depends on them.
//
// Plan values can hold secrets: only the identity attributes the model needs
// (names, ARNs, IDs, the references between node identities and security
// group tags) are read, attributes the plan marks sensitive are not, and no
// value is ever put into an error message.
package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	tfjson "github.com/hashicorp/terraform-json"
)

// Options say how changes are anchored.
type Options struct {
	// File names the plan as ranges report it ("plan.json", "<stdin>"):
	// references read from the plan point there when their source is not
	// present. Default "plan".
	File string
	// SourceRange returns the declaration of a Terraform address
	// ("module.x.aws_eks_node_group.this[0]") in the scanned source, when
	// it is there.
	SourceRange func(address string) (lint.Range, bool)
	// CallRange returns the module call in the scanned source that holds
	// an address inside a module the source does not show (a registry
	// module's resources), when there is one.
	CallRange func(address string) (lint.Range, bool)
	// Scope is merged into every entity's scope (what ARNs do not say).
	Scope lint.Scope
}

// Plan is a parsed plan.
type Plan struct {
	raw *tfjson.Plan
}

// MaxPlan bounds the input: decoded, a plan takes about ten times its size
// in memory, so 512 MiB keeps the worst case within a large CI runner.
const MaxPlan = 512 << 20

// Parse reads a plan from r (at most MaxPlan bytes). Errors say what is
// wrong with the input and never quote it.
func Parse(r io.Reader) (*Plan, error) {
	data, err := Read(r)
	if err != nil {
		return nil, err
	}
	return ParseBytes(data)
}

// Read reads the bytes of a plan from r, at most MaxPlan, for ParseBytes:
// a caller learns the plan's size before it is decoded.
func Read(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPlan+1))
	if err != nil {
		return nil, fmt.Errorf("reading: %w", err)
	}
	if len(data) > MaxPlan {
		return nil, fmt.Errorf("larger than %d MiB", MaxPlan>>20)
	}
	return data, nil
}

// present notes that a top-level key exists without copying its value.
type present struct{}

// UnmarshalJSON accepts any value and keeps nothing.
func (*present) UnmarshalJSON([]byte) error { return nil }

// ParseBytes reads a plan already in memory.
func ParseBytes(data []byte) (*Plan, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("empty: not a terraform show -json plan")
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, errors.New("not JSON: a binary plan file; pass the output of `terraform show -json PLANFILE`")
	}
	if !json.Valid(trimmed) {
		var top any
		err := json.Unmarshal(trimmed, &top)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("not JSON (syntax error at byte %d); pass the output of `terraform show -json PLANFILE`", se.Offset)
		}
		return nil, errors.New("not JSON; pass the output of `terraform show -json PLANFILE`")
	}
	if trimmed[0] != '{' {
		return nil, errors.New("not a terraform show -json plan (JSON " + jsonKind(trimmed[0]) + ", want an object)")
	}
	var top map[string]present
	if err := json.Unmarshal(trimmed, &top); err != nil {
		return nil, errors.New("not a terraform show -json plan (unreadable object)")
	}
	if _, ok := top["format_version"]; !ok {
		return nil, errors.New("not a terraform show -json plan (format_version missing)")
	}
	_, pv := top["planned_values"]
	_, rc := top["resource_changes"]
	_, cf := top["configuration"]
	if !pv && !rc && !cf {
		if _, ok := top["values"]; ok {
			return nil, errors.New("not a terraform show -json plan (this is a state: no planned_values, resource_changes or configuration; run `terraform show -json PLANFILE`)")
		}
		return nil, errors.New("not a terraform show -json plan (no planned_values, resource_changes or configuration)")
	}
	var p tfjson.Plan
	if err := json.Unmarshal(trimmed, &p); err != nil {
		return nil, fmt.Errorf("not a terraform show -json plan (%s)", describe(err))
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("not a supported terraform show -json plan (%s)", describe(err))
	}
	compact(&p)
	return &Plan{raw: &p}, nil
}

// compact drops the parts of a decoded plan that Changes, Resources and
// Instances never read, so that a run does not hold them to its end: the
// prior state, drift, outputs, variables and checks, the resource changes
// Changes passes over (creations, reads, no-ops, updates of anything but
// a ConfigMap, data sources, deposed objects) and the new objects of
// replacements other than a ConfigMap's. A plan's decoded form takes
// several times its size; a plan of 200,000 creations held each new
// object twice (planned values and changes).
func compact(p *tfjson.Plan) {
	p.PriorState, p.ResourceDrift, p.OutputChanges, p.Variables = nil, nil, nil, nil
	p.RelevantAttributes, p.Checks = nil, nil
	kept := p.ResourceChanges[:0]
	for _, rc := range p.ResourceChanges {
		if !read(rc) {
			continue
		}
		if !isConfigMap(rc.Type) {
			rc.Change.After, rc.Change.AfterUnknown, rc.Change.AfterSensitive = nil, nil, nil
		}
		kept = append(kept, rc)
	}
	clear(p.ResourceChanges[len(kept):])
	p.ResourceChanges = kept
}

// read reports whether Changes reads a resource change: a deletion,
// replacement or forget of a managed object, or an update of a ConfigMap.
func read(rc *tfjson.ResourceChange) bool {
	if rc == nil || rc.Change == nil || rc.Mode == tfjson.DataResourceMode || rc.DeposedKey != "" {
		return false
	}
	acts := rc.Change.Actions
	if acts.Update() {
		return isConfigMap(rc.Type)
	}
	return acts.Delete() || acts.DestroyBeforeCreate() || acts.CreateBeforeDestroy() || isForget(acts)
}

func jsonKind(b byte) string {
	switch b {
	case '[':
		return "array"
	case '"':
		return "string"
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	}
	return "number"
}

// describe renders a decoding error without any input text.
func describe(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "a field"
		}
		return fmt.Sprintf("%s is a JSON %s, want %s", field, te.Value, te.Type)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	}
	msg := err.Error()
	if strings.Contains(msg, "format version") {
		return msg // tfjson: the version string only
	}
	return "unexpected structure"
}

// FormatVersion is the plan's format_version.
func (p *Plan) FormatVersion() string { return p.raw.FormatVersion }

// TerraformVersion is the version of Terraform that wrote the plan.
func (p *Plan) TerraformVersion() string { return p.raw.TerraformVersion }

// Changes lists the plan's deletions, replacements and forgets of managed
// resources, in plan order. Every change carries its address, reason and
// range; Before is the object from the prior state for the resource types
// the model knows (roles, instance profiles, security groups, launch
// templates, node groups, autoscaling groups), else nil.
func (p *Plan) Changes(opts Options) []*lint.Change {
	if p == nil || p.raw == nil {
		return nil
	}
	file := opts.File
	if file == "" {
		file = "plan"
	}
	var out []*lint.Change
	for _, rc := range p.raw.ResourceChanges {
		if !read(rc) {
			continue // creations, reads, no-ops, data sources, deposed objects (leftovers of an earlier replacement)
		}
		acts := rc.Change.Actions
		c := &lint.Change{Address: rc.Address, Reason: reasonText(rc.ActionReason), Origin: "plan"}
		if acts.Update() { // a ConfigMap's
			out = append(out, mappingChanges(rc, opts, file)...)
			continue
		}
		switch {
		case acts.Delete():
			c.Action = lint.ActionDelete
		case acts.DestroyBeforeCreate():
			c.Action = lint.ActionReplace
		case acts.CreateBeforeDestroy():
			c.Action, c.CreateBeforeDestroy = lint.ActionReplace, true
		case isForget(acts):
			c.Action = lint.ActionForget
		default:
			continue
		}
		if opts.SourceRange != nil {
			if r, ok := opts.SourceRange(rc.Address); ok {
				c.Range = r
			}
		}
		refRange := c.Range
		if refRange.IsZero() {
			refRange = lint.Range{File: file}
		}
		before, _ := rc.Change.Before.(map[string]any)
		if before != nil {
			b := &builder{attrs: before, sensitive: rc.Change.BeforeSensitive, rng: refRange}
			c.Before = b.entity(rc.Address, rc.Type, c.Range, opts.Scope)
			if rc.Type == "aws_iam_openid_connect_provider" {
				c.ID = b.str("arn")
			}
		}
		out = append(out, c)
		if isConfigMap(rc.Type) && c.Action != lint.ActionForget {
			out = append(out, mappingChanges(rc, opts, file)...)
		}
	}
	return out
}

// isForget reports a forget action (also a delete with a forget, as some
// Terraform versions spell a `removed` block with destroy = false).
func isForget(acts tfjson.Actions) bool {
	if acts.Forget() {
		return true
	}
	return len(acts) == 1 && string(acts[0]) == "forget"
}

type builder struct {
	attrs     map[string]any
	sensitive any
	rng       lint.Range
}

// isSensitive reports whether the plan marks the attribute (or any part of
// it) sensitive.
func (b *builder) isSensitive(attr string) bool {
	switch s := b.sensitive.(type) {
	case bool:
		return s
	case map[string]any:
		return marked(s[attr])
	}
	return false
}

func marked(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case map[string]any:
		for _, e := range x {
			if marked(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if marked(e) {
				return true
			}
		}
	}
	return false
}

// str reads a string attribute: Known when present and not empty, else
// Unknown.
func (b *builder) str(attr string) lint.Value {
	if b.isSensitive(attr) {
		return lint.Unknown()
	}
	if s, ok := b.attrs[attr].(string); ok && s != "" {
		return lint.Known(s)
	}
	return lint.Unknown()
}

func (b *builder) ref(v lint.Value) lint.Ref {
	if v.IsUnknown() {
		return lint.Ref{}
	}
	return lint.Ref{Value: v, Range: b.rng}
}

// nested reads attr[0].key of a nested block list.
func (b *builder) nested(attr, key string) lint.Value {
	if b.isSensitive(attr) {
		return lint.Unknown()
	}
	list, _ := b.attrs[attr].([]any)
	if len(list) == 0 {
		return lint.Unknown()
	}
	m, _ := list[0].(map[string]any)
	if s, ok := m[key].(string); ok && s != "" {
		return lint.Known(s)
	}
	return lint.Unknown()
}

// autoMode reads compute_config[0].enabled of a planned aws_eks_cluster.
// The block is absent from the plans of providers older than Auto Mode:
// off.
func (b *builder) autoMode() (on, unknown bool) {
	list, _ := b.attrs["compute_config"].([]any)
	if len(list) == 0 {
		return false, false
	}
	m, _ := list[0].(map[string]any)
	switch en := m["enabled"].(type) {
	case bool:
		return en, false
	case nil:
		return false, false
	}
	return false, true
}

func (b *builder) refs(list any) []lint.Ref {
	var out []lint.Ref
	items, _ := list.([]any)
	for _, it := range items {
		if s, ok := it.(string); ok && s != "" {
			out = append(out, lint.Ref{Value: lint.Known(s), Range: b.rng})
		}
	}
	return out
}

func (b *builder) entity(address, typ string, rng lint.Range, base lint.Scope) lint.Entity {
	obj := lint.Object{
		Addr:      "plan:" + address,
		Label:     address,
		Range:     rng,
		NameRange: rng,
		Source:    lint.SourceTerraform,
		Scope:     arnScope(b.str("arn")).Merge(base),
	}
	switch typ {
	case "aws_eks_cluster":
		obj.Kind, obj.Name = lint.KindCluster, b.str("name")
		cl := &lint.Cluster{Object: obj, AuthenticationMode: b.nested("access_config", "authentication_mode"), ModeRange: rng}
		cl.AutoMode, cl.AutoModeUnknown = b.autoMode()
		return cl
	case "aws_iam_role":
		obj.Kind, obj.Name = lint.KindRole, b.str("name")
		return &lint.Role{Object: obj, ARN: b.str("arn")}
	case "aws_iam_instance_profile":
		obj.Kind, obj.Name = lint.KindInstanceProfile, b.str("name")
		return &lint.InstanceProfile{Object: obj, ARN: b.str("arn"), Role: b.ref(b.str("role"))}
	case "aws_security_group", "aws_default_security_group":
		obj.Kind, obj.Name = lint.KindSecurityGroup, b.str("name")
		sg := &lint.SecurityGroup{Object: obj, ID: b.str("id"), Tags: map[string]lint.Value{}, TagRanges: map[string]lint.Range{}}
		attr := "tags_all"
		if _, ok := b.attrs[attr].(map[string]any); !ok {
			attr = "tags"
		}
		if b.isSensitive(attr) {
			sg.TagsIncomplete = true
		} else if tags, ok := b.attrs[attr].(map[string]any); ok {
			for k, v := range tags {
				if s, ok := v.(string); ok {
					sg.Tags[k] = lint.Known(s)
					sg.TagRanges[k] = b.rng
				}
			}
		}
		return sg
	case "aws_launch_template", "aws_launch_configuration":
		obj.Kind, obj.Name = lint.KindLaunchTemplate, b.str("name")
		lt := &lint.LaunchTemplate{Object: obj, ID: b.str("id")}
		b.launchTemplateType(lt)
		if typ == "aws_launch_configuration" {
			lt.InstanceProfile = b.ref(b.str("iam_instance_profile"))
			if !b.isSensitive("security_groups") {
				lt.SecurityGroups = b.refs(b.attrs["security_groups"])
			}
			return lt
		}
		lt.InstanceProfile = b.ref(b.nested("iam_instance_profile", "name"))
		if !lt.InstanceProfile.IsSet() {
			lt.InstanceProfile = b.ref(b.nested("iam_instance_profile", "arn"))
		}
		if !b.isSensitive("vpc_security_group_ids") {
			lt.SecurityGroups = b.refs(b.attrs["vpc_security_group_ids"])
		}
		if !b.isSensitive("network_interfaces") {
			nis, _ := b.attrs["network_interfaces"].([]any)
			for _, ni := range nis {
				if m, ok := ni.(map[string]any); ok {
					lt.SecurityGroups = append(lt.SecurityGroups, b.refs(m["security_groups"])...)
				}
			}
		}
		return lt
	case "kubernetes_config_map", "kubernetes_config_map_v1", "kubernetes_config_map_v1_data":
		name, ns := b.nested("metadata", "name"), b.nested("metadata", "namespace")
		obj.Kind, obj.Name = lint.KindObject, name
		if ns.IsUnknown() {
			ns = lint.Known("default")
		}
		return &lint.KubeObject{Object: obj, APIVersion: "v1", KindName: "ConfigMap", Namespace: ns}
	case "aws_eks_access_entry":
		obj.Kind, obj.Name = lint.KindAccessEntry, b.str("principal_arn")
		typ, _ := b.str("type").Str()
		return &lint.AccessEntry{Object: obj, Cluster: b.str("cluster_name"), Principal: lint.Ref{Value: b.str("principal_arn"), Range: b.rng}, Type: typ}
	case "aws_eks_node_group":
		obj.Kind, obj.Name = lint.KindNodeGroup, b.str("node_group_name")
		ng := &lint.NodeGroup{Object: obj, Managed: true, Cluster: b.str("cluster_name"), Role: b.ref(b.str("node_role_arn"))}
		ng.LaunchTemplate = b.ref(b.nested("launch_template", "id"))
		if !ng.LaunchTemplate.IsSet() {
			ng.LaunchTemplate = b.ref(b.nested("launch_template", "name"))
		}
		ng.Capacity = b.managedCapacity()
		return ng
	case "aws_autoscaling_group":
		obj.Kind, obj.Name = lint.KindNodeGroup, b.str("name")
		ng := &lint.NodeGroup{Object: obj}
		ng.LaunchTemplate = b.ref(b.nested("launch_template", "id"))
		if !ng.LaunchTemplate.IsSet() {
			ng.LaunchTemplate = b.ref(b.nested("launch_template", "name"))
		}
		if !ng.LaunchTemplate.IsSet() {
			ng.LaunchTemplate = b.ref(b.str("launch_configuration"))
		}
		if !ng.LaunchTemplate.IsSet() {
			ng.LaunchTemplate = b.ref(b.mixedPolicyTemplate())
		}
		ng.Capacity = b.selfManagedCapacity()
		return ng
	}
	return nil
}

// mixedPolicyTemplate reads the launch template of a mixed instances policy.
func (b *builder) mixedPolicyTemplate() lint.Value {
	if b.isSensitive("mixed_instances_policy") {
		return lint.Unknown()
	}
	first := func(v any) map[string]any {
		l, _ := v.([]any)
		if len(l) == 0 {
			return nil
		}
		m, _ := l[0].(map[string]any)
		return m
	}
	spec := first(first(first(b.attrs["mixed_instances_policy"])["launch_template"])["launch_template_specification"])
	for _, k := range []string{"launch_template_id", "launch_template_name"} {
		if s, ok := spec[k].(string); ok && s != "" {
			return lint.Known(s)
		}
	}
	return lint.Unknown()
}

// arnScope reads partition, account and region from an object's own ARN.
func arnScope(v lint.Value) lint.Scope {
	a, ok := lint.ParseARN(v)
	if !ok {
		return lint.Scope{}
	}
	return lint.Scope{Partition: a.Partition, Account: a.Account, Region: a.Region}
}

var instanceKey = regexp.MustCompile(`\[[^\]]*\]$`)

// ResourceAddress strips the instance key of an address's last step
// ("module.m[0].aws_x.y[\"k\"]" → "module.m[0].aws_x.y").
func ResourceAddress(addr string) string { return instanceKey.ReplaceAllString(addr, "") }

// SourceIndex maps Terraform addresses to their declarations, built from
// the Terraform entities of a model (Label is the address without the root
// module directory). An address found under several root modules maps to
// nothing: the plan does not say which root it is.
func SourceIndex(m *lint.Model) func(string) (lint.Range, bool) {
	exact := map[string][]lint.Range{}
	byResource := map[string][]lint.Range{}
	add := func(idx map[string][]lint.Range, k string, r lint.Range) {
		for _, x := range idx[k] {
			if x == r {
				return
			}
		}
		idx[k] = append(idx[k], r)
	}
	for _, e := range m.Entities() {
		o := e.Base()
		if o.Source != lint.SourceTerraform || o.Range.IsZero() || o.Label == "" || strings.HasPrefix(o.Addr, "plan:") {
			continue
		}
		add(exact, o.Label, o.Range)
		add(byResource, ResourceAddress(o.Label), o.Range)
	}
	for _, idx := range []map[string][]lint.Range{exact, byResource} {
		for k, rs := range idx {
			sort.Slice(rs, func(i, j int) bool { return rs[i].Less(rs[j]) })
			idx[k] = rs
		}
	}
	return func(addr string) (lint.Range, bool) {
		if rs := exact[addr]; len(rs) == 1 {
			return rs[0], true
		} else if len(rs) > 1 {
			return lint.Range{}, false
		}
		if rs := byResource[ResourceAddress(addr)]; len(rs) == 1 {
			return rs[0], true
		}
		return lint.Range{}, false
	}
}

// reasonText puts a plan's action_reason in words (the keyword kept), or
// "" when the plan gives none.
func reasonText(r tfjson.ActionReason) string {
	if w, ok := reasonWords[r]; ok {
		return w + " (" + string(r) + ")"
	}
	return string(r)
}

// reasonWords say Terraform's action reasons in words.
var reasonWords = map[tfjson.ActionReason]string{
	tfjson.ActionReasonReplaceBecauseCannotUpdate:    "an argument that cannot be updated in place changed",
	tfjson.ActionReasonReplaceBecauseTainted:         "the object is tainted",
	tfjson.ActionReasonReplaceByRequest:              "replacement was requested with -replace",
	tfjson.ActionReasonReplaceByTriggers:             "replace_triggered_by fired",
	tfjson.ActionReasonDeleteBecauseNoResourceConfig: "its resource block was removed",
	tfjson.ActionReasonDeleteBecauseWrongRepetition:  "count / for_each was added or removed",
	tfjson.ActionReasonDeleteBecauseCountIndex:       "count no longer covers its index",
	tfjson.ActionReasonDeleteBecauseEachKey:          "for_each no longer has its key",
	tfjson.ActionReasonDeleteBecauseNoModule:         "its module call was removed",
	tfjson.ActionReasonDeleteBecauseNoMoveTarget:     "a moved block points at nothing",
}
