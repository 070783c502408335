package funneltree

// pairs is how two lists were matched: pairs of indexes (a, b), and the indexes of
// each list left alone.
type pairs struct {
	both         [][2]int
	onlyA, onlyB []int
}

// match pairs the items of two lists of n and m items by each key in turn: an item
// not matched yet is paired with the one item of the other list with the same key,
// when the key is not "" and names exactly one unmatched item on each side.
func match(n, m int, keys ...func(side, i int) string) pairs {
	doneA, doneB := make([]bool, n), make([]bool, m)
	var out pairs
	for _, key := range keys {
		count := map[string][2]int{}
		at := map[string][2]int{}
		for side, done := range [][]bool{doneA, doneB} {
			for i := range done {
				if k := key(side, i); !done[i] && k != "" {
					c, a := count[k], at[k]
					c[side]++
					a[side] = i
					count[k], at[k] = c, a
				}
			}
		}
		for i := 0; i < n; i++ {
			if doneA[i] {
				continue
			}
			k := key(0, i)
			if c := count[k]; k != "" && c == [2]int{1, 1} {
				j := at[k][1]
				doneA[i], doneB[j] = true, true
				out.both = append(out.both, [2]int{i, j})
			}
		}
	}
	for i, d := range doneA {
		if !d {
			out.onlyA = append(out.onlyA, i)
		}
	}
	for j, d := range doneB {
		if !d {
			out.onlyB = append(out.onlyB, j)
		}
	}
	return out
}
