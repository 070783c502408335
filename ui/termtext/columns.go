package termtext

// FillColumns shares room cells among the columns of a table, the one way every
// table of funnels is fitted to a width (the browser's panes, its documents' tables,
// the commands' tables): widths hold each column at its least (a negative width is
// a column not shown, which takes nothing), and the room is handed out a cell at a
// time to the narrowest column still below its natural width (natural(i)), left to
// right on a tie — a rising water level, so narrow columns end whole and only the
// widest are cut, never a short one while a long one has room to spare. It returns
// the room left once every column is whole. It allocates nothing: the browser fits
// its panes on every frame.
func FillColumns(widths []int, natural func(i int) int, room int) int {
	for room > 0 {
		level, below := -1, 0
		for i, w := range widths {
			if w >= 0 && w < natural(i) {
				below++
				if level < 0 || w < level {
					level = w
				}
			}
		}
		if below == 0 {
			return room
		}
		// Every column at the level rises by one cell, left to right, while there is
		// room; the next level up is where they meet the next column.
		for i, w := range widths {
			if room == 0 {
				break
			}
			if w == level && w < natural(i) {
				widths[i]++
				room--
			}
		}
	}
	return room
}
