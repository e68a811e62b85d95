package terraform

// testSession is a session of opts extracting no entity, for tests of
// evaluation.
func testSession(opts evalOptions) *session { return newSession(opts, nil) }
