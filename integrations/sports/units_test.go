package sports

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Stats of every Kind, as the catalogues hold them, for the unit tests.
var (
	unitCount     = Stat{Key: "goals", Label: "Goals", Abbr: "G", Kind: Count}
	unitPlusMinus = Stat{Key: "plusMinus", Label: "Plus/Minus", Abbr: "+/-", Kind: Count}
	unitToPar     = Stat{Key: "toPar", Label: "To Par", Abbr: "TO PAR", Kind: Count}
	unitInnings   = Stat{Key: "inningsPitched", Label: "Innings Pitched", Abbr: "IP", Kind: Innings}
	unitTime      = Stat{Key: "dash100", Label: "100 m", Abbr: "100", Kind: Time, Aggregate: Lowest, LowerIsBetter: true}
	unitSwim      = Stat{Key: "free100Scy", Label: "100 Free (SCY)", Abbr: "100 FR SCY", Kind: Time, Unit: "SCY", Aggregate: Lowest, LowerIsBetter: true}
	unitFeet      = Stat{Key: "longJump", Label: "Long Jump", Abbr: "LJ", Kind: Distance, Unit: "in", Aggregate: Most}
	unitMetres    = Stat{Key: "longJumpMetric", Label: "Long Jump", Abbr: "LJ", Kind: Distance, Unit: "m", Aggregate: Most}
	unitRate      = Stat{Key: "savePct", Label: "Save Percentage", Abbr: "SV%", Kind: Rate}
)

// unitCases are texts a family or a file writes, the value stored, and how it prints (the
// canonical form, which reads back to the same value).
var unitCases = []struct {
	stat  Stat
	text  string
	want  int
	print string
}{
	{unitCount, "12", 12, "12"},
	{unitCount, " 12 ", 12, "12"},
	{unitCount, "0", 0, "0"},
	{unitCount, "007", 7, "7"},
	{unitCount, "1,234", 1234, "1234"},
	{unitCount, "999999999", 999999999, "999999999"},

	{unitPlusMinus, "+3", 3, "+3"},
	{unitPlusMinus, "3", 3, "+3"},
	{unitPlusMinus, "-2", -2, "-2"},
	{unitPlusMinus, "−2", -2, "-2"}, // a results page's typographic minus
	{unitPlusMinus, "0", 0, "0"},
	{unitPlusMinus, "-0", 0, "0"},
	{unitToPar, "E", 0, "E"},
	{unitToPar, "even", 0, "E"},
	{unitToPar, "0", 0, "E"},
	{unitToPar, "+5", 5, "+5"},
	{unitToPar, "-1", -1, "-1"},

	{unitInnings, "6.2", 20, "6.2"},
	{unitInnings, "6.1", 19, "6.1"},
	{unitInnings, "6.0", 18, "6.0"},
	{unitInnings, "6", 18, "6.0"},
	{unitInnings, ".1", 1, "0.1"},
	{unitInnings, "0.2", 2, "0.2"},
	{unitInnings, "0", 0, "0.0"},
	{unitInnings, "6 2/3", 20, "6.2"},
	{unitInnings, "6⅔", 20, "6.2"},
	{unitInnings, "6 ⅓", 19, "6.1"},
	{unitInnings, "⅓", 1, "0.1"},
	{unitInnings, "2/3", 2, "0.2"},
	{unitInnings, "123.1", 370, "123.1"},

	{unitTime, "10.85", 1085, "10.85"},
	{unitTime, "10.8", 1080, "10.80"},
	{unitTime, "58.2", 5820, "58.20"},
	{unitTime, "58", 5800, "58.00"},
	{unitTime, "59.99", 5999, "59.99"},
	{unitTime, "60", 6000, "1:00.00"},
	{unitTime, "75.3", 7530, "1:15.30"},
	{unitTime, "1:58.32", 11832, "1:58.32"},
	{unitTime, "01:58.32", 11832, "1:58.32"},
	{unitTime, "0:58.20", 5820, "58.20"},
	{unitTime, "4:32", 27200, "4:32.00"},
	{unitTime, "16:42.1", 100210, "16:42.10"},
	{unitTime, "16:42.10", 100210, "16:42.10"},
	{unitTime, "59:59.99", 359999, "59:59.99"},
	{unitTime, "1:02:03.4", 372340, "1:02:03.40"},
	{unitTime, "1:00:00", 360000, "1:00:00.00"},
	{unitTime, ".05", 5, "0.05"},
	{unitSwim, "52.34", 5234, "52.34"},
	{unitSwim, "52.34Y", 5234, "52.34"},
	{unitSwim, "52.34 y", 5234, "52.34"},
	{unitSwim, "4:55.12 SCY", 29512, "4:55.12"},

	{unitFeet, "21-04.50", 25650, "21-04.50"},
	{unitFeet, "21-4.5", 25650, "21-04.50"},
	{unitFeet, "21-04.5", 25650, "21-04.50"},
	{unitFeet, "21-4½", 25650, "21-04.50"},
	{unitFeet, "21-4 1/2", 25650, "21-04.50"},
	{unitFeet, `21' 4.5"`, 25650, "21-04.50"},
	{unitFeet, `21'4.5"`, 25650, "21-04.50"},
	{unitFeet, "21′ 4.5″", 25650, "21-04.50"},
	{unitFeet, "21' 4.5''", 25650, "21-04.50"},
	{unitFeet, "6-02", 7400, "6-02"},
	{unitFeet, "6-2", 7400, "6-02"},
	{unitFeet, "6-02.00", 7400, "6-02"},
	{unitFeet, "6'", 7200, "6-00"},
	{unitFeet, "145-07", 174700, "145-07"},
	{unitFeet, "45-3 1/4", 54325, "45-03.25"},
	{unitFeet, "45-03.25", 54325, "45-03.25"},
	{unitFeet, "45-3¾", 54375, "45-03.75"},
	{unitFeet, "0-11.75", 1175, "0-11.75"},
	{unitFeet, "21-½", 25250, "21-00.50"},
	// A metric mark converts, rounded down: 6.52 m is 256.69 inches.
	{unitFeet, "6.52m", 25669, "21-04.69"},
	{unitFeet, "6.52 M", 25669, "21-04.69"},

	{unitMetres, "6.52", 652, "6.52"},
	{unitMetres, "6.52m", 652, "6.52"},
	{unitMetres, "6.52 m", 652, "6.52"},
	{unitMetres, "15.3", 1530, "15.30"},
	{unitMetres, "45", 4500, "45.00"},
	{unitMetres, "0.5", 50, "0.50"},
	// A feet-inches mark converts, rounded down: 21-04.50 is 6.5151 m.
	{unitMetres, "21-04.50", 651, "6.51"},
}

func TestParseValue(t *testing.T) {
	t.Parallel()
	for _, c := range unitCases {
		got, err := ParseValue(c.stat, c.text)
		require.NoError(t, err, "%s %q", c.stat.Key, c.text)
		require.Equal(t, c.want, got, "%s %q", c.stat.Key, c.text)
	}
}

func TestFormatValue(t *testing.T) {
	t.Parallel()
	for _, c := range unitCases {
		require.Equal(t, c.print, FormatValue(c.stat, c.want), "%s %d", c.stat.Key, c.want)
	}
	require.Equal(t, "", FormatValue(unitRate, 12), "a rate prints through FormatRate")
	require.Equal(t, "-10.85", FormatValue(unitTime, -1085), "a value no parse makes still prints")
	require.NotEmpty(t, FormatValue(unitFeet, -1<<63))
}

// TestValueCanonicalRoundTrip holds every printed form to reading back as itself.
func TestValueCanonicalRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range unitCases {
		v, err := ParseValue(c.stat, c.print)
		require.NoError(t, err, "%s %q", c.stat.Key, c.print)
		require.Equal(t, c.want, v)
		require.Equal(t, c.print, FormatValue(c.stat, v))
	}
}

// TestValueSweepRoundTrips walks the values each Kind stores and reads each printed value back.
func TestValueSweepRoundTrips(t *testing.T) {
	t.Parallel()
	sweep := []struct {
		stat       Stat
		from, to   int
		step, last int
	}{
		{unitCount, 0, 5000, 1, maxStored},
		{unitPlusMinus, -3000, 3000, 1, -maxStored},
		{unitToPar, -300, 300, 1, maxStored},
		{unitInnings, 0, 3000, 1, maxStored / 3 * 3},
		{unitTime, 1, 1_000_000, 7, maxStored},
		{unitFeet, 1, 400_000, 3, maxStored},
		{unitMetres, 1, 200_000, 3, maxStored},
	}
	for _, s := range sweep {
		check := func(v int) {
			text := FormatValue(s.stat, v)
			back, err := ParseValue(s.stat, text)
			require.NoError(t, err, "%s %d printed %q", s.stat.Key, v, text)
			require.Equal(t, v, back, "%s printed %q", s.stat.Key, text)
		}
		for v := s.from; v <= s.to; v += s.step {
			check(v)
		}
		check(s.last)
	}
}

func TestParseValueRefuses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		stat Stat
		text string
		want string
	}{
		{unitCount, "", "nothing was typed for Goals"},
		{unitCount, "   ", "nothing was typed for Goals"},
		{unitCount, "12.5", `"12.5" is not a count: Goals is a whole number`},
		{unitCount, "-3", `"-3" is not a count: Goals cannot be below zero`},
		{unitCount, "+3", `"+3" is not a count: type Goals as a whole number, like 12`},
		{unitCount, "twelve", `"twelve" is not a count: type Goals as a whole number, like 12`},
		{unitCount, "1,23", `"1,23" is not a count: type Goals as a whole number, like 12`},
		{unitCount, "1 2", `"1 2" is not a count: type Goals as a whole number, like 12`},
		{unitCount, "１２", `"１２" is not a count: type Goals as a whole number, like 12`},
		{unitCount, "1000000000", `"1000000000" is too large for Goals`},
		{unitCount, strings.Repeat("9", 40), `"99999999999999999999999999999999…" is too large for Goals`},
		{unitPlusMinus, "++3", `"++3" is not a count: type Plus/Minus as a whole number, like +3 or -2`},
		{unitPlusMinus, "E", `"E" is not a count: type Plus/Minus as a whole number, like +3 or -2`},
		{unitPlusMinus, "-", `"-" is not a count: type Plus/Minus as a whole number, like +3 or -2`},
		{unitToPar, "par", `"par" is not a count: type To Par as a whole number, like +3, -2 or E`},
		{unitToPar, "-1000000000", `"-1000000000" is too large for To Par`},

		{unitInnings, "6.3", `"6.3" is not innings: the digit after the point counts outs, 0, 1 or 2 (6.2 is six innings and two outs)`},
		{unitInnings, "6.33", `"6.33" is not innings: the digit after the point counts outs, 0, 1 or 2 (6.2 is six innings and two outs)`},
		{unitInnings, "6.", `"6." is not innings: write innings and outs like 6.2 (six innings and two outs)`},
		{unitInnings, ".", `"." is not innings: write innings and outs like 6.2 (six innings and two outs)`},
		{unitInnings, "-1", `"-1" is not innings: write innings and outs like 6.2 (six innings and two outs)`},
		{unitInnings, "six", `"six" is not innings: write innings and outs like 6.2 (six innings and two outs)`},
		{unitInnings, "61/3", `"61/3" is not innings: write innings and outs like 6.2 (six innings and two outs)`},
		{unitInnings, "6.2 1/3", `"6.2 1/3" is not innings: write innings and outs like 6.2 (six innings and two outs)`},
		{unitInnings, "4000000000", `"4000000000" is too many innings`},
		{unitInnings, "", "nothing was typed for Innings Pitched"},

		{unitTime, "1:75.00", `"1:75.00" is not a time: seconds run to 59.99`},
		{unitTime, "1:60", `"1:60" is not a time: seconds run to 59.99`},
		{unitTime, "1:5.32", `"1:5.32" is not a time: seconds after a colon take two digits, like 1:05.32`},
		{unitTime, "1:.32", `"1:.32" is not a time: seconds after a colon take two digits, like 1:05.32`},
		{unitTime, "10.853", `"10.853" is not a time: we keep hundredths of a second, at most two digits after the point`},
		{unitTime, "1:61:00", `"1:61:00" is not a time: minutes run to 59 after the hours`},
		{unitTime, "1:2:03", `"1:2:03" is not a time: minutes after the hours take two digits, like 1:02:03.4`},
		{unitTime, "1:02:03:04", `"1:02:03:04" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, "fast", `"fast" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, "-10.85", `"-10.85" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, "10.85s", `"10.85s" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, ":58.32", `":58.32" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, "NT", `"NT" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, "0.00", `"0.00" is not a time: a time is more than zero`},
		{unitTime, "0:00", `"0:00" is not a time: a time is more than zero`},
		{unitTime, "9999999999", `"9999999999" is too long a time`},
		{unitTime, "52.34Y", `"52.34Y" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitSwim, "58.10L", `"58.10L" is a long course meters time, and 100 Free (SCY) is swum in short course yards`},
		{unitSwim, "58.10 SCM", `"58.10 SCM" is a short course meters time, and 100 Free (SCY) is swum in short course yards`},
		{unitSwim, "Y", `"Y" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitSwim, "NT", `"NT" is not a time: write it like 10.85, 1:58.32 or 16:42.1`},
		{unitTime, "999999:00:00", `"999999:00:00" is too long a time`},

		{unitFeet, "21-12", `"21-12" is not a mark: inches run to 11.99, twelve make a foot`},
		{unitFeet, "21-11.999", `"21-11.999" is not a mark: give inches to the hundredth at most, like 21-04.50`},
		{unitFeet, "21", `"21" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitFeet, "6.52", `"6.52" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitFeet, "21-", `"21-" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitFeet, "-21-04", `"-21-04" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitFeet, "21-04-50", `"21-04-50" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitFeet, "21-4 5/8", `"21-4 5/8" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitFeet, "0-00", `"0-00" is not a mark: a mark is more than zero`},
		{unitFeet, "6.525m", `"6.525m" is not a mark: give it to the hundredth at most, like 6.52`},
		{unitFeet, "21-04m", `"21-04m" is not a mark in meters: write it like 6.52`},
		{unitFeet, "9999999999-00", `"9999999999-00" is too long a mark`},
		{unitFeet, "9999999m", `"9999999m" is too long a mark`},

		{unitMetres, "6.525", `"6.525" is not a mark: give it to the hundredth at most, like 6.52`},
		{unitMetres, "long", `"long" is not a mark in meters: write it like 6.52`},
		{unitMetres, "6.5.2", `"6.5.2" is not a mark in meters: write it like 6.52`},
		{unitMetres, "0", `"0" is not a mark: a mark is more than zero`},
		{unitMetres, "0-00.01", `"0-00.01" is not a mark: a mark is more than zero`},
		{unitMetres, "-6.52", `"-6.52" is not a mark: write it in feet and inches like 21-04.50, or in meters like 6.52m`},
		{unitMetres, "99999999999", `"99999999999" is too long a mark`},

		{unitRate, "0.915", "Save Percentage is worked out from other stats, not typed"},
		{unitRate, "", "Save Percentage is worked out from other stats, not typed"},
		{Stat{Key: "jump", Label: "Jump", Kind: Distance}, "6.52", "Jump has no unit to read a mark in"},
		{Stat{Key: "odd", Label: "Odd", Kind: "odd"}, "1", `Odd cannot be typed (it is a "odd" stat)`},
	}
	for _, c := range cases {
		_, err := ParseValue(c.stat, c.text)
		require.Error(t, err, "%s %q", c.stat.Key, c.text)
		require.Equal(t, c.want, err.Error(), "%s %q", c.stat.Key, c.text)
	}
}

// fuzzValueRoundTrip is what every text must satisfy for a stat: no panic; an error with a message; an
// accepted value within what the stat stores, which prints and reads back as itself.
func fuzzValueRoundTrip(t *testing.T, s Stat, text string) {
	v, err := ParseValue(s, text)
	if err != nil {
		if err.Error() == "" {
			t.Fatalf("%q: an empty error", text)
		}
		return
	}
	switch {
	case v > maxStored || v < -maxStored:
		t.Fatalf("%q: %d is out of range", text, v)
	case v < 0 && !Signed(s):
		t.Fatalf("%q: %d is below zero", text, v)
	case v == 0 && (s.Kind == Time || s.Kind == Distance):
		t.Fatalf("%q: a zero mark", text)
	}
	out := FormatValue(s, v)
	back, err := ParseValue(s, out)
	if err != nil || back != v {
		t.Fatalf("%q: %d prints %q, which reads back as %d, %v", text, v, out, back, err)
	}
	if again := FormatValue(s, back); again != out {
		t.Fatalf("%q: prints %q then %q", text, out, again)
	}
}

// fuzzValueSeeds adds the table's texts for a stat, and its refusals' shapes, as the corpus.
func fuzzValueSeeds(f *testing.F, s Stat, extra ...string) {
	for _, c := range unitCases {
		if c.stat.Kind == s.Kind {
			f.Add(c.text)
		}
	}
	for _, e := range extra {
		f.Add(e)
	}
}

func FuzzParseValueCount(f *testing.F) {
	fuzzValueSeeds(f, unitCount, "12.5", "-3", "1,234,567", "1,23")
	f.Fuzz(func(t *testing.T, text string) { fuzzValueRoundTrip(t, unitCount, text) })
}

func FuzzParseValueSignedCount(f *testing.F) {
	fuzzValueSeeds(f, unitPlusMinus, "E", "even", "−0", "+-3")
	f.Fuzz(func(t *testing.T, text string) {
		fuzzValueRoundTrip(t, unitPlusMinus, text)
		fuzzValueRoundTrip(t, unitToPar, text)
	})
}

func FuzzParseValueInnings(f *testing.F) {
	fuzzValueSeeds(f, unitInnings, "6.3", "61/3", "6 1/3", "⅔")
	f.Fuzz(func(t *testing.T, text string) { fuzzValueRoundTrip(t, unitInnings, text) })
}

func FuzzParseValueTime(f *testing.F) {
	fuzzValueSeeds(f, unitTime, "1:75.00", "1:5.32", "1:61:00", "10.853")
	f.Fuzz(func(t *testing.T, text string) {
		fuzzValueRoundTrip(t, unitTime, text)
		fuzzValueRoundTrip(t, unitSwim, text)
	})
}

func FuzzParseValueDistance(f *testing.F) {
	fuzzValueSeeds(f, unitFeet, "21-12", "21-4 5/8", "0-00.01", "9999999m")
	f.Fuzz(func(t *testing.T, text string) {
		fuzzValueRoundTrip(t, unitFeet, text)
		fuzzValueRoundTrip(t, unitMetres, text)
	})
}

func FuzzParseValueRate(f *testing.F) {
	f.Add(".915")
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := ParseValue(unitRate, text); err == nil {
			t.Fatalf("%q: a rate was typed", text)
		}
	})
}

func TestSigned(t *testing.T) {
	t.Parallel()
	require.True(t, Signed(unitPlusMinus))
	require.True(t, Signed(unitToPar))
	require.False(t, Signed(unitCount))
	require.False(t, Signed(Stat{Key: "plusMinus", Kind: Rate}), "only a count is signed")
}
