package rules

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// nodeGroupModules indexes the Terraform module instances that declare a
// node group (managed, or an autoscaling group) and no EKS cluster, by
// root-qualified module instance ("infra:module.eks.module.x[\"a\"]"), with
// the first such group. The root module of a configuration is never one:
// what it declares is not destroyed with a node group.
func nodeGroupModules(m *lint.Model) map[string]*lint.NodeGroup {
	out := map[string]*lint.NodeGroup{}
	for _, ng := range m.NodeGroups {
		if key, ok := moduleKey(&ng.Object); ok && out[key] == nil {
			out[key] = ng
		}
	}
	for _, c := range m.Clusters {
		if key, ok := moduleKey(&c.Object); ok {
			delete(out, key)
		}
	}
	return out
}

// ownerOf returns the node group whose module instance also declares o,
// and that module instance, or nil.
func ownerOf(o *lint.Object, owners map[string]*lint.NodeGroup) (*lint.NodeGroup, string) {
	key, ok := moduleKey(o)
	if !ok {
		return nil, ""
	}
	ng := owners[key]
	if ng == nil {
		return nil, ""
	}
	_, mod, _ := strings.Cut(key, "\x00")
	return ng, moduleLabel(ng, mod)
}

// moduleLabel is module instance mod of node group ng as ng's label shows
// it ("[live/eks] module.eks_managed_node_group[\"a\"]" of a Terragrunt
// unit, whose address runs through module.terragrunt): ng's label without
// its resource, or mod when the label does not end in that resource.
func moduleLabel(ng *lint.NodeGroup, mod string) string {
	addr := ng.Addr
	if root := rootOf(addr); root != "" {
		addr = addr[len(root)+1:]
	}
	res, ok := strings.CutPrefix(addr, mod+".")
	if !ok {
		return mod
	}
	if l, ok := strings.CutSuffix(ng.Label, "."+res); ok && l != "" {
		return l
	}
	return mod
}

// moduleKey is the root-qualified module instance a Terraform object is
// declared in; false for objects of a root module or not from Terraform.
func moduleKey(o *lint.Object) (string, bool) {
	if o.Source != lint.SourceTerraform || o.Crossplane != nil {
		return "", false
	}
	root := rootOf(o.Addr)
	addr := o.Addr
	if root != "" {
		addr = addr[len(root)+1:]
	}
	mod, ok := moduleInstanceOf(addr)
	if !ok || mod == "" {
		return "", false
	}
	return root + "\x00" + mod, true
}

// moduleInstanceOf splits a Terraform resource address into its module
// instance path: `module.a["k.x"].module.b.aws_iam_role.this[0]` →
// `module.a["k.x"].module.b`; "" for a resource of the root module. Keys
// are read as Terraform writes them (numbers, or quoted strings with
// escapes), so a dot inside a key does not split the path.
func moduleInstanceOf(addr string) (string, bool) {
	end := 0
	for rest := addr; strings.HasPrefix(rest, "module."); {
		i := len("module.")
		for i < len(rest) && rest[i] != '.' && rest[i] != '[' {
			i++
		}
		if i == len("module.") || i == len(rest) {
			return "", false
		}
		if rest[i] == '[' {
			n, ok := keyLen(rest[i:])
			if !ok {
				return "", false
			}
			i += n
		}
		if i >= len(rest) || rest[i] != '.' {
			return "", false
		}
		end += i
		rest = rest[i+1:]
		if strings.HasPrefix(rest, "module.") {
			end++ // the dot joining two module steps
		}
	}
	return addr[:end], true
}

// keyLen is the length of an instance key `[0]` or `["a\"b"]` at the start
// of s.
func keyLen(s string) (int, bool) {
	if len(s) < 3 || s[0] != '[' {
		return 0, false
	}
	if s[1] != '"' {
		i := strings.IndexByte(s, ']')
		return i + 1, i > 1
	}
	for i := 2; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			if i+1 < len(s) && s[i+1] == ']' {
				return i + 2, true
			}
			return 0, false
		}
	}
	return 0, false
}

// isEKSNodeGroupProfile reports whether name is the instance profile EKS
// creates for a managed node group: "eks-" followed by a UUID in its
// canonical form (8-4-4-4-12 hexadecimal digits).
func isEKSNodeGroupProfile(name string) bool {
	id, ok := strings.CutPrefix(name, "eks-")
	return ok && isCanonicalUUID(id)
}

func isCanonicalUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}
