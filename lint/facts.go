package lint

import "slices"

// Fact names a part of what an entity states that a rule may rest on
// alone. When a module's constraint allows several modelled versions that
// state an entity differently, the entity is inferred (Object.Inferred);
// Object.InferredOn says which facts those versions differ on, so a rule
// resting on other facts only stays proven (InferredFor).
type Fact string

// The facts entities state apart (see Facts).
const (
	// FactIdentity is what identifies the object and says it exists: its
	// Object (name, scope, labels, …) and, for a role, its ARN.
	FactIdentity Fact = "identity"
	// FactTrustSubjects are a role's web-identity (IRSA) statements, as
	// Trust.WebIdentities reads them: their providers and every condition
	// but the audience (:sub, and keys whose claim is unknown). Their
	// actions count only as far as they make a statement a web-identity
	// one.
	FactTrustSubjects Fact = "trust subjects"
	// FactTrustAudience are the same statements' providers and :aud
	// conditions.
	FactTrustAudience Fact = "trust audience"
)

// Facts returns the facts an entity states apart, each as a value whose
// content (positions aside) says whether two versions state it alike; nil
// for an entity whose facts are not told apart (a rule resting on it
// rests on everything it states). What is not among them (a role's other
// statements, the actions of its web-identity ones) is the rest: it
// makes the entity inferred for every rule that does not name its facts.
func Facts(e Entity) map[Fact]any {
	r, ok := e.(*Role)
	if !ok || r == nil {
		return nil
	}
	type statement struct {
		Federated  []Value
		Conditions []TrustCondition
	}
	var subjects, audience []statement
	for _, w := range r.Trust.WebIdentities() {
		s := statement{Federated: w.Statement.Federated}
		a := statement{Federated: w.Statement.Federated, Conditions: w.AudConditions}
		for _, c := range w.Statement.Conditions {
			if claim, _ := ClaimOfKey(c.Key); claim != "aud" {
				s.Conditions = append(s.Conditions, c)
			}
		}
		subjects, audience = append(subjects, s), append(audience, a)
	}
	return map[Fact]any{
		FactIdentity: struct {
			Object Object
			ARN    Value
		}{r.Object, r.ARN},
		FactTrustSubjects: struct {
			Known      bool
			Statements []statement
		}{r.Trust.Known, subjects},
		FactTrustAudience: struct {
			Known      bool
			Statements []statement
		}{r.Trust.Known, audience},
	}
}

// InferredFor is what a rule resting only on the given facts of the
// object takes as inferred: Inferred without the entries whose model
// versions differ on none of those facts (InferredOn). Entries that
// concern the whole object (an assumed version, a possible instance) are
// always kept.
func (o *Object) InferredFor(facts ...Fact) []string {
	var out []string
	for _, s := range o.Inferred {
		differ, partial := o.InferredOn[s]
		if partial && !slices.ContainsFunc(facts, func(f Fact) bool { return slices.Contains(differ, f) }) {
			continue
		}
		out = append(out, s)
	}
	return out
}
