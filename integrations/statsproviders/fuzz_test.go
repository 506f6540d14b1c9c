package statsproviders

import (
	"bytes"
	"testing"

	"legacylocker/integrations/sports"
)

// checkParse is what every input must satisfy: no panic, a file problem is a *FileError
// (the reader here never fails), and a result is one the preview can show.
func checkParse(t *testing.T, res *Result, err error) {
	if err != nil {
		if !IsFileError(err) {
			t.Fatalf("error is not a FileError: %v", err)
		}
		if res != nil {
			t.Fatalf("result alongside error %v", err)
		}
		return
	}
	if len(res.Players) == 0 {
		t.Fatal("a result without players")
	}
	for _, p := range res.Players {
		if p.Row < 1 {
			t.Fatalf("row %d", p.Row)
		}
		for k, v := range p.Stats() {
			if v > maxCount || v < -maxCount || (v < 0 && !signedKey(k)) {
				t.Fatalf("%s = %d", k, v)
			}
		}
		shown(p.Stats())
		p.Raw()
		res.Match(p.Label())
	}
	for _, w := range res.Warnings {
		if w.Message == "" || w.Code == "" {
			t.Fatalf("empty warning %+v", w)
		}
	}
}

func FuzzGameChanger(f *testing.F) {
	f.Add(gcFile(f, false, "Totals", gcPitcher, gcHitter))
	f.Add(gcFile(f, true, "Team", gcHitter))
	f.Add([]byte("\"\",\"\",\"\",\"Batting\",\"\",\"Pitching\",\"Fielding\"\nNumber,Last,First,AB,H,IP,1B\n00,\"Doe, \"\"JJ\"\"\",Al,3,1,6.3,2.2\nTotals,,,3,1,6.3,2.2\n\nGlossary,AB: at bats\n"))
	f.Add([]byte("Batting\nNumber\n\"unterminated"))
	f.Fuzz(func(t *testing.T, data []byte) {
		GameChanger{}.Detect("f.csv", data)
		res, err := GameChanger{}.Parse(bytes.NewReader(data))
		checkParse(t, res, err)
	})
}

func FuzzMaxPreps(f *testing.F) {
	f.Add(mpFile(true, testSupplier, mpHeader, mpLine(map[string]string{"Jersey": "02", "AtBats": "3", "InningsPitched": "6", "PartialInningPitched": "2"})))
	f.Add([]byte("Jersey|AtBats|BaseOnBalls|Doubles|HitByPitch|Hits\n12|3|2|1|0|2\n"))
	f.Add([]byte("Jersey|InningsPitched|PartialInningPitched|X\r|9|3\r\n9|1.2||y|z\n\n5\r"))
	f.Fuzz(func(t *testing.T, data []byte) {
		MaxPreps{}.Detect("f.txt", data)
		res, err := MaxPreps{}.Parse(bytes.NewReader(data))
		checkParse(t, res, err)
		// Whatever the registry detects must parse without a panic too.
		res, err = Default().Parse("f", bytes.NewReader(data))
		checkParse(t, res, err)
	})
}

// FuzzMaxPrepsSports starts from the football, basketball, soccer and volleyball shapes: whatever
// the header names, the sport detected must be one with a catalogue, and every stat a key of it.
func FuzzMaxPrepsSports(f *testing.F) {
	f.Add(mpSportFile(true, testSupplier, mpFootballHeader, map[string]string{"Jersey": "00", "RushingNum": "19", "RushingYards": "-6", "PATKickingPoints": "5"}))
	f.Add([]byte("Jersey|Points|OffensiveRebounds|DefensiveRebounds|Rebounds\n3|18|1|4|\n03|2|||7\n"))
	f.Add([]byte("Jersey|FieldMinutesPlayed|Goals|MinutesPlayed|GoalsAgainst|Saves|Win\r\n1|80|0|80|1|6|1\r\n"))
	f.Add([]byte(testSupplier + "\nJersey|Kills|AttackErrors|AttackAttempts|SetsPlayed\n12|15|5|38|4\n"))
	f.Add([]byte("Jersey|Tackles|Assists|Sacks\r\n91|3|2|1.5\r\n"))
	f.Add([]byte("Jersey|Strokes\n4|72\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := MaxPreps{}.Parse(bytes.NewReader(data))
		checkParse(t, res, err)
		if err != nil {
			return
		}
		c := sports.Get(res.Sport)
		if c == nil {
			t.Fatalf("sport %q has no catalogue", res.Sport)
		}
		for _, p := range res.Players {
			for k := range p.Stats() {
				if _, ok := c.Stat(catalogueKey(k)); !ok {
					t.Fatalf("%s: %q is not a %s stat", res.Sport, k, res.Sport)
				}
			}
			c.Compute(p.Stats(), sports.HighSchool)
		}
	})
}

// FuzzSheet starts from our blank sheets filled in: whatever the cells, the sport found must have
// a catalogue and every stat read be a key of it.
func FuzzSheet(f *testing.F) {
	f.Add([]byte("Jersey,Name,Points,Field Goals Made,Field Goals Attempted\r\n5,Maya,18,7,14\r\n"))
	f.Add([]byte("\xEF\xBB\xBFJersey,Name,100 Meters,Long Jump\n,Sam,10.85,21-04.50\n"))
	f.Add([]byte("Jersey,Name,At Bats,Innings Pitched\n12,\"Lee, Jo\",4,6.3\n,,\n"))
	f.Add([]byte("Jersey,Name\n\"unterminated"))
	f.Fuzz(func(t *testing.T, data []byte) {
		Manual{}.Detect("f.csv", data)
		res, err := Manual{}.Parse(bytes.NewReader(data))
		checkParse(t, res, err)
		if err != nil {
			return
		}
		cat := sports.Get(res.Sport)
		if cat == nil {
			t.Fatalf("sport %q has no catalogue", res.Sport)
		}
		for _, p := range res.Players {
			for k := range p.Stats() {
				if _, ok := cat.Stat(k); !ok && k != OutsPitched {
					t.Fatalf("%s is no %s stat", k, res.Sport)
				}
			}
		}
	})
}
