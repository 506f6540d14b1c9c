package ai

import "testing"

// FuzzPolishIdempotent checks that polishing polished text changes nothing, so re-running an
// enhancement (a retried job, an entry edited after enhancement) never drifts the text.
func FuzzPolishIdempotent(f *testing.F) {
	for _, seed := range []string{
		"we played central today  i pitched 5 innings and struck out 7 , coach said my changeup was working",
		"did i play well ? i think so ! i've got more to work on , i.e. my footwork",
		"we played vs. north at 6 p.m. and it was close... then we lost",
		"goals:\n- throw strikes\n\n\n(we won!) \"go team\" iPhone ...and then",
		"a ,b ; c . d ! e ? f",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		once := polish(text)
		if twice := polish(once); twice != once {
			t.Fatalf("polish is not idempotent:\ninput %q\nonce  %q\ntwice %q", text, once, twice)
		}
	})
}
