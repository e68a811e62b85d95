package kept

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// StateLocation is where a backend keeps a state: the kind of store
// ("s3", "gcs", "azurerm", "local", "tfc"), the store (bucket; storage
// account and container; HCP Terraform organization; empty for local)
// and the state's path in it. The zero value is no location.
type StateLocation struct {
	Kind, Store, Path string
	// AnyStore is set when the store is not known (an s3 bucket given at
	// terraform init, or known only at apply): such a location is the
	// state of the one root with the same path, inferred (SameState).
	AnyStore bool
	// Partial: a root keeps its state in a backend of Kind whose settings
	// are given at terraform init (backend "s3" {} and -backend-config):
	// where is not known, and no read matches it (IsZero).
	Partial bool
	// ConfigFile, when not "", is the backend configuration file (as
	// the user reads its path) a root's location was taken from, its
	// backend block leaving it to terraform init: what init is given is
	// not in the tree, so a read of it is inferred (SameState).
	ConfigFile string `json:",omitempty"`
	// WorkspacePrefix, for an s3 state of the default workspace, is where
	// the root keeps the states of its other workspaces:
	// <prefix>/<workspace>/<key> (workspace_key_prefix, "env:" unless set).
	WorkspacePrefix string `json:",omitempty"`
}

// IsZero reports whether l is no location (a Partial one is none).
func (l StateLocation) IsZero() bool { return l.Kind == "" || l.Partial }

// Display is the location as a user reads it; rel makes local paths
// relative like ranges.
func (l StateLocation) Display(rel func(string) string) string {
	store := l.Store
	if l.AnyStore {
		store = "*"
	}
	switch l.Kind {
	case "local":
		return rel(l.Path)
	case "tfc":
		return "workspace " + l.Store + "/" + l.Path
	case "gcs":
		return "gs://" + store + "/" + l.Path
	}
	return l.Kind + "://" + store + "/" + l.Path
}

// SameState compares two state locations: exact when both know every
// part; inferred when they differ only in a store one of them does not
// know.
//
// A read of a (a data source's) is of b (a root's default workspace)
// also when a is where b keeps another workspace's state: inferred, the
// root being evaluated in its default workspace.
//
// A location taken from a backend configuration file (ConfigFile) is
// inferred too.
func SameState(a, b StateLocation) (same, inferred bool) {
	same, inferred = sameState(a, b)
	return same, inferred || (same && (a.ConfigFile != "" || b.ConfigFile != ""))
}

func sameState(a, b StateLocation) (same, inferred bool) {
	if a.IsZero() || b.IsZero() || a.Kind != b.Kind {
		return false, false
	}
	if a.Path != b.Path {
		if !otherWorkspace(a.Path, b) {
			return false, false
		}
		if a.AnyStore || b.AnyStore {
			return true, true
		}
		return a.Store == b.Store, true
	}
	if a.AnyStore || b.AnyStore {
		return true, true
	}
	return a.Store == b.Store, false
}

// otherWorkspace reports whether path is where the root keeping its
// default workspace's state at b keeps one other workspace's:
// <b.WorkspacePrefix>/<workspace>/<b.Path>.
func otherWorkspace(path string, b StateLocation) bool {
	if b.WorkspacePrefix == "" {
		return false
	}
	rest, ok := strings.CutPrefix(path, b.WorkspacePrefix+"/")
	if !ok {
		return false
	}
	ws, key, ok := strings.Cut(rest, "/")
	return ok && ws != "" && key == b.Path
}

// RemoteRead is a data source that reads another root's state.
type RemoteRead struct {
	// Addr is the data source instance's address in its root.
	Addr string
	// Loc is the state it reads (zero when unknown: Why says what).
	Loc StateLocation
	Why string
	Rng lint.Range
	// Outputs are the outputs its root's code reads from it, by name;
	// nil when it may read any (the outputs object read whole).
	Outputs []string
}
