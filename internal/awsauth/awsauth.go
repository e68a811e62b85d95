// Package awsauth reads the mapRoles document of the aws-auth ConfigMap:
// the IAM roles it maps to Kubernetes users and groups, and where each
// entry is written in the document.
package awsauth

import (
	"errors"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/yamlpos"
	"github.com/faultline-dev/faultline/lint"
)

// Key is the data key of the aws-auth ConfigMap that maps IAM roles.
const Key = "mapRoles"

// Role is one mapRoles entry.
type Role struct {
	// RoleARN is the rolearn field as written (it may hold sentinels of
	// unknown Terraform values).
	RoleARN  string
	Username string
	Groups   []string
	// Line and Column are where the entry starts in the document text,
	// 1-based.
	Line, Column int
}

// IsNodeMapping reports whether the entry lets nodes join (the groups
// system:bootstrappers or system:nodes).
func (r Role) IsNodeMapping() bool {
	for _, g := range r.Groups {
		if g == "system:nodes" || g == "system:bootstrappers" {
			return true
		}
	}
	return false
}

// MaxSize bounds the text read as a mapRoles document.
const MaxSize = 4 << 20

// Parse reads a mapRoles document: a YAML (or JSON) list of mappings with
// rolearn, username and groups. Entries without a rolearn, and null
// entries, are skipped; a document that is not such a list is an error.
func Parse(text string) ([]Role, error) {
	if len(text) > MaxSize {
		return nil, fmt.Errorf("mapRoles: %d bytes is more than the %d-byte limit", len(text), MaxSize)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, fmt.Errorf("mapRoles: %w", err)
	}
	if doc.Kind == 0 {
		return nil, nil // empty document: no entries
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, errors.New("mapRoles: not a YAML document")
	}
	list := doc.Content[0]
	if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		return nil, nil
	}
	if list.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("mapRoles: line %d: a list of role mappings is expected", list.Line)
	}
	var out []Role
	for _, item := range list.Content {
		if item.Kind == yaml.ScalarNode && item.Tag == "!!null" {
			// `- null` (a conditional entry left out, as yamlencode writes
			// it): the authenticator reads an empty mapping, skips it
			// with an error in its log and keeps the others.
			continue
		}
		if item.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("mapRoles: line %d: a role mapping (rolearn, username, groups) is expected", item.Line)
		}
		r := Role{Line: item.Line, Column: item.Column}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			switch k.Value {
			case "rolearn":
				if v.Kind == yaml.ScalarNode {
					r.RoleARN = v.Value
				}
			case "username":
				if v.Kind == yaml.ScalarNode {
					r.Username = v.Value
				}
			case "groups":
				if v.Kind == yaml.SequenceNode {
					for _, g := range v.Content {
						if g.Kind == yaml.ScalarNode {
							r.Groups = append(r.Groups, g.Value)
						}
					}
				}
			}
		}
		if r.RoleARN != "" {
			out = append(out, r)
		}
	}
	return out, nil
}

// FailsAtHole reports whether mapRoles text holding a value known only at
// apply (a hole, lint.HasSentinel) fails to parse (err) on the line of its
// first hole or after it, or where the error does not say: what the hole
// holds (a template's %{for} over a list known at apply) may be the YAML
// that is missing, so the text is unknown rather than broken.
func FailsAtHole(text string, err error) bool {
	if err == nil || !lint.HasSentinel(text) {
		return false
	}
	holeLine := strings.Count(lint.LiteralPrefix(text), "\n") + 1
	line, _, ok := yamlpos.ErrorLine(err.Error())
	return !ok || line >= holeLine
}
