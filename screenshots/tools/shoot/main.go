// Command shoot makes the README's screenshots and the recorded walk-through from the
// real binary: each scene runs `funnels --demo` (or funnels against `funnels sandbox`)
// in tmux at a fixed size, drives it with keys, waits until the screen shows what the
// scene is about and has stopped changing, captures it with its colours and renders it
// to PNG with freeze. The demo's data is the same on every start and the waits are for
// text, never for time, so the same command gives the same pictures.
//
//	go run ./shoot -bin ../../bin/funnels -freeze ../../bin/freeze -out ..
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	bin := flag.String("bin", "bin/funnels", "the funnels binary")
	freeze := flag.String("freeze", "bin/freeze", "the freeze binary")
	out := flag.String("out", "screenshots", "where the pictures go")
	only := flag.String("only", "", "make only the scenes whose names contain this")
	flag.Parse()
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	s := &studio{bin: abs(*bin), freeze: abs(*freeze), out: abs(*out)}
	for _, sc := range scenes() {
		if *only != "" && !strings.Contains(sc.name, *only) {
			continue
		}
		fmt.Printf("%-30s", sc.name)
		if err := s.shoot(sc); err != nil {
			fmt.Println("FAILED")
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println("ok")
	}
}
