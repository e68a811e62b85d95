package lint

// KindModuleCall is a module call of the user's configuration.
const KindModuleCall Kind = "module-call"

// ModuleCall is a registry (or git) module call of the user's own
// configuration whose code was read — from the module cache or a built-in
// model — with the inputs it passes and the variables that code declares.
// Parsers record both; rules compare them.
type ModuleCall struct {
	Object
	// Source is the source as written.
	Source string
	// Constraint is the version constraint as written ("" when none).
	Constraint string
	// Version is the module version the code stands for: the one the
	// module cache installed, or the one a model assumes; "" when unknown.
	Version string
	// Resolution says where the code was read: "cached" or "modelled".
	Resolution string
	// Assumed says why Version is assumed rather than pinned ("" when the
	// constraint allows only it or the cache installed it).
	Assumed string
	// Inputs are the arguments the call passes (meta-arguments left out).
	Inputs []ModuleInput
	// Variables are the variables the code declares, each with the
	// version constraints that declare it when not every version the code
	// stands for does (a stand-in's local.faultline_input_versions; any
	// one matching).
	Variables map[string][]string
	// Complete says every file of the code was read and parsed, so a
	// variable missing from Variables is not declared.
	Complete bool
}

// ModuleInput is one argument of a module call.
type ModuleInput struct {
	Name string
	// Range is where the argument's name is written.
	Range Range
	// Value is the argument's value when it is a string, number or bool
	// (booleans as "true" / "false"); unknown otherwise.
	Value Value
}

// Input returns the call's argument named name, if it passes one.
func (c *ModuleCall) Input(name string) (ModuleInput, bool) {
	for _, in := range c.Inputs {
		if in.Name == name {
			return in, true
		}
	}
	return ModuleInput{}, false
}
