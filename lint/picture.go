package lint

// Picture is a finding's chain as objects and relations, for the drawn
// chain of the markdown report: the kind of the entity declared at each of
// the finding's locations, and the model's relations between them, with
// the link the finding says is missing. Filled in by lint/graph; nil when
// the finding's locations declare no entities.
type Picture struct {
	// Kinds are the entity kinds at the locations: [0] is the primary
	// location, [i] is Related[i-1]; "" where no entity is declared.
	Kinds []Kind
	// Edges join locations by their indices in Kinds.
	Edges []PictureEdge
}

// PictureEdge is one relation between two of a finding's locations.
type PictureEdge struct {
	From, To int
	Label    string
	// Broken marks the link the finding says does not hold (drawn
	// dashed and red).
	Broken bool
}
