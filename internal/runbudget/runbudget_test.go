package runbudget

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// exact is the ledger's rule written plainly: unit i runs when the costs
// of the units run before it plus its most fit in the allowance of i+1
// units.
func exact(lim Limits, most, cost []time.Duration) []bool {
	run := make([]bool, len(most))
	var spent time.Duration
	for i := range most {
		if spent+most[i] <= lim.CPU+time.Duration(i+1)*lim.PerUnit {
			run[i] = true
			spent += min(cost[i], most[i])
		}
	}
	return run
}

// event is a unit's admission, seen by the driver.
type event struct {
	i  int
	ok bool
}

// drive runs every unit on its own goroutine and finishes the admitted
// ones in the order pick chooses among those running, and returns which
// ran.
func drive(t *testing.T, l *Ledger, units []*Unit, cost []time.Duration, pick func(running []int) int) []bool {
	t.Helper()
	report := make(chan event)
	release := make([]chan struct{}, len(units))
	finished := make(chan struct{})
	for i, u := range units {
		release[i] = make(chan struct{})
		go func() {
			ok := u.Admit()
			report <- event{i, ok}
			if ok {
				<-release[i]
				u.Done(cost[i])
				finished <- struct{}{}
			}
		}()
	}
	ran := make([]bool, len(units))
	var running []int
	settled := 0
	handle := func(e event) {
		ran[e.i] = e.ok
		if e.ok {
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
// in order, in reverse, or shuffled leave out exactly the units the plain
// rule leaves out.
func TestLedgerLeavesOutTheSameUnitsWhateverFinishesFirst(t *testing.T) {
	lim := Limits{CPU: 60 * time.Second, PerUnit: 500 * time.Millisecond}
	s := time.Second
	// roots (most 5 s; two stopped at their bound), charts (most 21 s;
	// three hostile), then ordinary charts.
	most := []time.Duration{5 * s, 5 * s, 5 * s, 5 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s, 21 * s}
	cost := []time.Duration{5 * s, s / 10, 5 * s, s / 20, 21 * s, s / 10, 21 * s, 21 * s, s / 10, s / 10, s / 10}
	want := exact(lim, most, cost)
	if !want[4] || !want[6] || want[7] || want[10] {
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
			got := drive(t, l, l.Enqueue(most...), cost, pick)
			if !slices.Equal(got, want) {
				t.Errorf("ran %v, want %v", got, want)
			}
			rep := l.Report()
			left := 0
			for _, w := range want {
				if !w {
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
	after := l.Enqueue(20 * time.Second)[0]
	decided := make(chan bool)
	go func() { decided <- after.Admit() }()
	u := g.Add(20 * time.Second)
	if !u.Admit() {
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
	us := l.Enqueue(20*time.Second, 20*time.Second, 20*time.Second)
	for i, u := range us {
		if !u.Admit() {
			t.Fatalf("unit %d left out", i)
		}
	}
	for _, u := range us {
		u.Done(time.Second)
	}
	if r := l.Report(); r.Spent != 3*time.Second || r.LeftOut != 0 {
		t.Errorf("report %+v", r)
	}
}

// TestLedgerCountsAtMostTheMost: a unit that says it cost more than its
// most is counted at its most.
func TestLedgerCountsAtMostTheMost(t *testing.T) {
	l := New(Limits{CPU: 10 * time.Second})
	u := l.Enqueue(2 * time.Second)[0]
	u.Admit()
	u.Done(time.Hour)
	if r := l.Report(); r.Spent != 2*time.Second {
		t.Errorf("spent %s, want 2s", r.Spent)
	}
}

// TestNilLedgerAdmitsEverything: code without a run budget (library use,
// tests) runs every unit.
func TestNilLedgerAdmitsEverything(t *testing.T) {
	var l *Ledger
	g := l.Group()
	u := g.Add(time.Hour)
	if !u.Admit() {
		t.Error("a nil ledger left a unit out")
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
	late := b.Add(5 * time.Second) // b's build runs ahead of a's
	first := a.Add(20 * time.Second)
	a.Close()
	b.Close()
	if first.Admit() {
		t.Error("the first unit ran: 20 s do not fit the 10 s of one unit")
	}
	if !late.Admit() {
		t.Error("the second unit was left out: 5 s fit the 20 s of two units")
	}
	late.Done(5 * time.Second)
}
