package eval

// testSession is a session of opts extracting no entity, for tests of
// evaluation.
func testSession(opts Options) *Session { return NewSession(opts, nil) }
