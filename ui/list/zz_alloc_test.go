package list

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestZZAllocPerKey(t *testing.T) {
	n := 1_000_000
	keys := make([]string, n)
	masks := make([]uint64, n)
	words := []string{"spring", "sale", "offer", "opt-in", "thank you", "webinar", "bulk funnel", "order form", "upsell", "kickstart"}
	for i := range keys {
		keys[i] = strings.ToLower(fmt.Sprintf("%s %s %05d /%s-%d", words[i%10], words[(i/10)%10], i%100000, words[(i/7)%10], i%37))
		masks[i] = Mask(keys[i])
	}
	var l List
	l.SetMaskedKeys(keys, masks)
	q := "spring offer 26"
	var ms runtime.MemStats
	for round := 0; round < 3; round++ {
		for k := 1; k <= len(q); k++ {
			runtime.ReadMemStats(&ms)
			a0, g0 := ms.TotalAlloc, ms.NumGC
			t0 := time.Now()
			f := l.Search(q[:k])()
			l.Apply(f)
			d := time.Since(t0)
			runtime.ReadMemStats(&ms)
			if round == 2 {
				t.Logf("key %2d %q: %6d matches %6.2f MB alloc, %d gc, %v", k, q[:k], l.Len(), float64(ms.TotalAlloc-a0)/1e6, ms.NumGC-g0, d)
			}
		}
		for k := len(q) - 1; k >= 0; k-- {
			l.Apply(l.Search(q[:k])())
		}
	}
}
