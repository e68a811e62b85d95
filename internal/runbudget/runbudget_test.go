package runbudget

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// all is a cost: the unit uses all it is granted (a hostile input
// stopped at its bound).
const all = -1

// exact is the ledger's rule written plainly: unit i is granted what is
// left of the allowance of i+1 units after the costs of the units before
// it, at most its most, and runs when that is at least its least; the
// first unit that does not run ends the run. It returns each unit's
// grant, 0 for those left out.
func exact(lim Limits, least, most, cost []time.Duration) []time.Duration {
	grants := make([]time.Duration, len(most))
	var spent time.Duration
	for i := range most {
		left := lim.CPU + time.Duration(i+1)*lim.PerUnit - spent
		g := min(most[i], left)
		if g < least[i] {
			break
		}
		grants[i] = g
		spent += spentBy(cost[i], g)
	}
	return grants
}

// spentBy is what a unit of cost c spends with grant g.
func spentBy(c, g time.Duration) time.Duration {
	if c == all {
		return g
	}
	return min(c, g)
}

// event is a unit's admission, seen by the driver.
type event struct {
	i     int
	grant time.Duration
	ok    bool
}

// drive runs every unit on its own goroutine and finishes the admitted
// ones in the order pick chooses among those running, and returns their
// grants (0: left out).
func drive(t *testing.T, units []*Unit, cost []time.Duration, pick func(running []int) int) []time.Duration {
	t.Helper()
	report := make(chan event)
	release := make([]chan struct{}, len(units))
	finished := make(chan struct{})
	for i, u := range units {
		release[i] = make(chan struct{})
		go func() {
			g, ok := u.Admit()
			report <- event{i, g, ok}
			if ok {
				<-release[i]
				u.Done(spentBy(cost[i], g))
				finished <- struct{}{}
			}
		}()
	}
	ran := make([]time.Duration, len(units))
	var running []int
	settled := 0
	handle := func(e event) {
		if e.ok {
			ran[e.i] = e.grant
			running = append(running, e.i)
		} else {
			settled++
		}
	}
	for settled < len(units) {
		if len(running) == 0 {
			handle(<-report)
			continue
		}
		select {
		case e := <-report:
			handle(e)
			continue
		default:
		}
		k := pick(running)
		i := running[k]
		running = slices.Delete(running, k, k+1)
		close(release[i])
		<-finished
		settled++
	}
	return ran
}

// TestLedgerLeavesOutTheSameUnitsWhateverFinishesFirst: units that finish
// in order, in reverse, or shuffled get exactly the grants the plain rule
// gives, and the same units are left out.
func TestLedgerLeavesOutTheSameUnitsWhateverFinishesFirst(t *testing.T) {
	lim := Limits{CPU: 60 * time.Second, PerUnit: 500 * time.Millisecond}
	s := time.Second
	// roots (5 s each, two stopped at their bound), charts (2 s to 21 s;
	// four hostile), then ordinary charts.
	least := []time.Duration{5 * s, 5 * s, 5 * s, 5 * s, 2 * s, 2 * s, 2 * s, 2 * s, 2 * s, 2 * s, 2 * s, 2 * s}
	most := []time.Duration{5 * s, 5 * s, 5 * s, 5 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s}
	cost := []time.Duration{all, s / 10, all, s / 20, all, s / 10, all, s / 10, all, s / 10, s / 10, s / 10}
	want := exact(lim, least, most, cost)
	// 10.15 s of roots, 21 s, 0.1 s, 21 s: 52.25 s; then an ordinary
	// chart is granted the 11.75 s left and spends 0.1 s, the hostile one
	// after it all that is left, and the rest are left out (less than 2 s
	// left, then 0.5 s more for each unit: the first left out ends it).
	if want[6] != 21*s || want[7] != 11750*time.Millisecond || want[8] != 12150*time.Millisecond || want[9] != 0 || want[10] != 0 || want[11] != 0 {
		t.Fatalf("the case does not exercise the budget: %v", want)
	}
	picks := map[string]func([]int) int{
		"first": func([]int) int { return 0 },
		"last":  func(r []int) int { return len(r) - 1 },
	}
	for seed := range uint64(5) {
		rng := rand.New(rand.NewPCG(seed, 1))
		picks["shuffled"+string(rune('0'+seed))] = func(r []int) int { return rng.IntN(len(r)) }
	}
	for name, pick := range picks {
		t.Run(name, func(t *testing.T) {
			l := New(lim)
			g := l.Group()
			var units []*Unit
			for i := range most {
				units = append(units, g.Add(least[i], most[i]))
			}
			g.Close()
			got := drive(t, units, cost, pick)
			if !slices.Equal(got, want) {
				t.Errorf("grants %v, want %v", got, want)
			}
			rep := l.Report()
			left := 0
			for _, w := range want {
				if w == 0 {
					left++
				}
			}
			if rep.LeftOut != left || rep.Units != len(most) {
				t.Errorf("report %+v, want %d units and %d left out", rep, len(most), left)
			}
		})
	}
}

// TestLedgerWaitsForAnOpenGroup: a unit after an open group is decided
// only once the group is closed, against the units the group added.
func TestLedgerWaitsForAnOpenGroup(t *testing.T) {
	lim := Limits{CPU: 30 * time.Second}
	l := New(lim)
	g := l.Group()
	after := l.Enqueue(1, 20*time.Second, 20*time.Second)[0]
	decided := make(chan bool)
	go func() { _, ok := after.Admit(); decided <- ok }()
	u := g.Add(20*time.Second, 20*time.Second)
	if _, ok := u.Admit(); !ok {
		t.Fatal("the group's first unit was left out")
	}
	u.Done(15 * time.Second)
	g.Close()
	if <-decided {
		t.Error("the unit after the group ran although 15 s + 20 s exceed 30 s")
	}
}

// TestLedgerAdmitsWithoutWaitingWhenItFits: while the most every running
// unit may cost leaves room, units are admitted before those before them
// finish.
func TestLedgerAdmitsWithoutWaitingWhenItFits(t *testing.T) {
	l := New(Limits{CPU: 100 * time.Second})
	us := l.Enqueue(3, 20*time.Second, 20*time.Second)
	for i, u := range us {
		if g, ok := u.Admit(); !ok || g != 20*time.Second {
			t.Fatalf("unit %d: grant %s, %v", i, g, ok)
		}
	}
	for _, u := range us {
		u.Done(time.Second)
	}
	if r := l.Report(); r.Spent != 3*time.Second || r.LeftOut != 0 {
		t.Errorf("report %+v", r)
	}
}

// TestLedgerCountsAtMostTheGrant: a unit that says it cost more than its
// grant is counted at its grant.
func TestLedgerCountsAtMostTheGrant(t *testing.T) {
	l := New(Limits{CPU: 10 * time.Second})
	u := l.Enqueue(1, time.Second, 20*time.Second)[0]
	if g, ok := u.Admit(); !ok || g != 10*time.Second {
		t.Fatalf("grant %s, %v; want the 10 s left", g, ok)
	}
	u.Done(time.Hour)
	if r := l.Report(); r.Spent != 10*time.Second {
		t.Errorf("spent %s, want 10s", r.Spent)
	}
}

// TestNilLedgerAdmitsEverything: code without a run budget (library use,
// tests) runs every unit.
func TestNilLedgerAdmitsEverything(t *testing.T) {
	var l *Ledger
	g := l.Group()
	u := g.Add(time.Second, time.Hour)
	if grant, ok := u.Admit(); !ok || grant != time.Hour {
		t.Errorf("a nil ledger: grant %s, %v; want the most", grant, ok)
	}
	u.Done(time.Hour)
	g.Close()
	if r := l.Report(); r != (Report{}) {
		t.Errorf("report %+v", r)
	}
}

// TestConcurrency: the units at once are what the memory holds, within
// the cores, and at least one.
func TestConcurrency(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		procs           int
		memory, perUnit int64
		want            int
	}{
		{8, 2048 * mib, 512 * mib, 4},
		{2, 2048 * mib, 512 * mib, 2},
		{64, 2048 * mib, 512 * mib, 4},
		{8, 100 * mib, 512 * mib, 1},
		{8, 2048 * mib, 0, 8},
		{1, 2048 * mib, 512 * mib, 1},
	}
	for _, c := range cases {
		if got := Concurrency(c.procs, c.memory, c.perUnit); got != c.want {
			t.Errorf("Concurrency(%d, %d MiB, %d MiB) = %d, want %d", c.procs, c.memory/mib, c.perUnit/mib, got, c.want)
		}
	}
}

// TestLedgerPlacesFollowGroupOrder: a unit's place in the run (and so its
// allowance) is its group's, not the order Add was called in: a later
// group adding first does not move an earlier group's unit back.
func TestLedgerPlacesFollowGroupOrder(t *testing.T) {
	l := New(Limits{PerUnit: 10 * time.Second})
	a, b := l.Group(), l.Group()
	late := b.Add(5*time.Second, 5*time.Second) // b's build runs ahead of a's
	first := a.Add(5*time.Second, 20*time.Second)
	a.Close()
	b.Close()
	if g, ok := first.Admit(); !ok || g != 10*time.Second {
		t.Errorf("the first unit: grant %s, %v; want the 10 s of one unit", g, ok)
	}
	first.Done(10 * time.Second)
	if g, ok := late.Admit(); !ok || g != 5*time.Second {
		t.Errorf("the second unit: grant %s, %v; want its 5 s of the 20 s of two units", g, ok)
	}
	late.Done(5 * time.Second)
}
