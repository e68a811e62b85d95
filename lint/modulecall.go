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
	// Module is the public-registry module Source names, without its host
	// ("terraform-aws-modules/eks/aws", "…//modules/karpenter"): a call on
	// registry.terraform.io and one on registry.opentofu.org name the same.
	// "" for other sources (local, git, a private registry).
	Module string
	// Constraint is the version constraint as written ("" when none).
	Constraint string
	// Version is the exact module version the code stands for (installed
	// by the module cache, or the one version a model's constraint
	// allows); "" when the call may use several.
	Version string
	// Lowest is the lowest version the code stands for ("" when unknown):
	// Version, or the first version a model's directory and the
	// constraint allow.
	Lowest string
	// Resolution says where the code was read: "cached" or "modelled".
	Resolution string
	// Model names the built-in model a modelled call is read from
	// ("terraform-aws-modules/eks/aws//modules/karpenter v20.0.0").
	Model string
	// Assumed says why the model's version is assumed ("" when the
	// constraint allows only that model or the cache installed it).
	Assumed string
	// Inputs are the arguments the call passes (meta-arguments left out).
	Inputs []ModuleInput
	// Variables are the variables the code declares.
	Variables map[string]ModuleVariable
	// ReadAt, when set, are the variables of the version the call's
	// entities were read from, where that is not the code Variables
	// describe: a call without a version constraint whose inputs the
	// newest version rejects is read at the newest that declares them
	// all, while Variables stay the newest's (what terraform init
	// installs). ReadVariables picks.
	ReadAt map[string]ModuleVariable
	// Elsewhere says, for an input the versions in use do not all
	// declare, which versions of the module do, as far as faultline's
	// models of it tell ("versions >= 17.0.0, < 18.0.0").
	Elsewhere map[string]string
	// NoneDeclare are the inputs that no version the call's constraint
	// allows declares, as faultline's models of every one of them say:
	// that the version is assumed changes nothing for them.
	NoneDeclare map[string]bool
	// Complete says every file of the code was read and parsed, so a
	// variable missing from Variables is not declared.
	Complete bool
	// Ignored, when set, says the call is made by a tool that gives the
	// inputs as variables Terraform ignores when the code does not declare
	// them, and how ("Terragrunt passes inputs as TF_VAR_ environment
	// variables"): an undeclared input is then no error, only a setting
	// without effect.
	Ignored string
}

// ModuleVariable is one variable a module's code declares.
type ModuleVariable struct {
	// Versions are the constraints of the versions that declare it when
	// not every version the code's directory stands for does (a
	// stand-in's local.faultline_input_versions; any one matching).
	Versions []string
	// Declared says whether the versions the call may use declare it:
	// Yes for every one, No for none, Maybe when they differ or the
	// version is unknown.
	Declared Tri
}

// ModuleInput is one argument of a module call.
type ModuleInput struct {
	Name string
	// Range is where the argument's name is written.
	Range Range
	// Value is the argument's value when it is a string, number or bool
	// (booleans as "true" / "false"); unknown otherwise.
	Value Value
	// Dropped are the attributes the value, as the call writes it, gives
	// an object whose type (the variable's) does not declare them.
	Dropped []DroppedAttribute
}

// DroppedAttribute is an attribute a module input gives an object whose
// type does not declare it: Terraform converts the input to the
// variable's type and drops the attribute without an error.
type DroppedAttribute struct {
	// Path is where it is in the input, as an expression reaches it
	// (addons["coredns"].version).
	Path string
	// Name is the attribute's name.
	Name string
	// Range is where its name is written.
	Range Range
	// Declared are the attributes the object's type declares, sorted.
	Declared []string
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

// ReadVariables are the variables of the code the call's entities were
// read from: ReadAt when set, else Variables.
func (c *ModuleCall) ReadVariables() map[string]ModuleVariable {
	if c.ReadAt != nil {
		return c.ReadAt
	}
	return c.Variables
}
