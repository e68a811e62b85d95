package lint

// ChangeAction is what the change under review does to an object.
type ChangeAction string

// Change actions.
const (
	// ActionDelete removes the object.
	ActionDelete ChangeAction = "delete"
	// ActionReplace deletes the object and creates a new one (a new
	// identity: new unique ID, new instance profile).
	ActionReplace ChangeAction = "replace"
	// ActionForget removes the object from management but leaves it (a
	// `removed` block with destroy = false, a plan's forget action).
	ActionForget ChangeAction = "forget"
)

// Change is an object that the change under review deletes, replaces or
// forgets, as it was before: read from a plan (`terraform show -json`) or
// from the git base revision.
type Change struct {
	Action ChangeAction
	// Before is the object as it was (names, ARNs and tags from the prior
	// state, or the base revision's model). It is not in the model's entity
	// lists: it is gone, or about to be.
	Before Entity
	// Address is the Terraform address, or the object's label at base.
	Address string
	// Reason says in words why the change happens, when the source says:
	// the plan's action_reason, or what the base comparison saw ("its
	// name changed from a to b"). Never a plan value.
	Reason string
	// CreateBeforeDestroy is set for replacements that create the new
	// object before destroying the old one.
	CreateBeforeDestroy bool
	// Range is where the object is (or was) declared: the source range of
	// its address when the source is present, else zero.
	Range Range
	// Origin is "plan" or "base".
	Origin string
	// Revision is the base revision a "base" change's Range is at.
	Revision string
	// ID is the object's ARN before the change, for objects the model has no
	// entity for (an OIDC provider), so references by literal ARN match.
	ID Value
	// SourceAddr is, for a plan's change, the address of the one entity
	// of the source declaring the same object (its Terraform address in
	// one root): the object the source still declares is the one the plan
	// destroys, and ChangesAt finds the change under that address too.
	SourceAddr string
}

// AddChange records a change.
func (m *Model) AddChange(c *Change) { m.Changes = append(m.Changes, c) }
