package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"legacylocker/integrations/statsproviders"
	"legacylocker/media/spreadsheet"
	"legacylocker/store"
)

// statsArea is every stat as JSON, a CSV per season and one game log as a spreadsheet opens them, and
// the files the family imported, byte for byte. An imported file is stored as .txt beside a note:
// what a stats platform exported may hold formulas, and a .csv would open in a spreadsheet and run
// them, which the neutralised CSVs beside it are there to prevent.
var statsArea = legacyArea{
	name:    "stats",
	exports: []string{"stats_seasons", "stats_games", "stats", "stats_imports"},
	gather:  gatherStats,
	files:   []store.FileColumn{{Table: "stats_imports", Column: "file_key"}},
}

// importedFilesNote is the note beside the imported files.
const importedFilesNote = `These are the stats files you imported into Legacy Locker, each exactly as it was uploaded.
They end in .txt so that opening one shows its text instead of running anything a spreadsheet
would treat as a formula. To open one as a spreadsheet, rename it back to its original name
(remove the ".txt"). The stats read from them are in the .json and .csv files one folder up.
`

type exportedStatsRow struct {
	Season   string          `json:"season"`
	Team     *string         `json:"team_name"`
	Sport    *string         `json:"sport_type"`
	Start    *string         `json:"start_date"`
	End      *string         `json:"end_date"`
	Date     string          `json:"game_date"`
	Opponent string          `json:"opponent"`
	Location *string         `json:"location"`
	Result   *string         `json:"result"`
	Score    *string         `json:"score"`
	Display  json.RawMessage `json:"display"`
}

func gatherStats(ctx context.Context, src legacySource, a *legacyArchive) error {
	seasons, err := src.json(ctx, a, "stats/seasons.json", store.Q.ArchiveStatsSeasons)
	if err != nil {
		return err
	}
	games, err := src.json(ctx, a, "stats/games.json", store.Q.ArchiveStatsGames)
	if err != nil {
		return err
	}
	if _, err := src.json(ctx, a, "stats/summary.json", store.Q.ArchiveStatsSummary); err != nil {
		return err
	}
	if err := seasonCSVs(src, a, seasons); err != nil {
		return err
	}
	if err := gameLogCSV(src, a, games); err != nil {
		return err
	}
	return importedStatsFiles(ctx, src, a)
}

func seasonCSVs(src legacySource, a *legacyArchive, seasons []byte) error {
	var rows []exportedStatsRow
	if err := json.Unmarshal(seasons, &rows); err != nil {
		return err
	}
	bySeason := map[string][]exportedStatsRow{}
	var order []string
	for _, s := range rows {
		if _, seen := bySeason[s.Season]; !seen {
			order = append(order, s.Season)
		}
		bySeason[s.Season] = append(bySeason[s.Season], s)
	}
	for _, season := range order {
		body, err := statsCSV([]string{"Season", "Team", "Sport", "Start", "End"}, bySeason[season], func(r exportedStatsRow) []string {
			return []string{r.Season, deref(r.Team), deref(r.Sport), deref(r.Start), deref(r.End)}
		})
		if err != nil {
			return err
		}
		a.text(fmt.Sprintf("stats/season %s.csv", safeFileName(season, "season")), body, src.now)
	}
	return nil
}

func gameLogCSV(src legacySource, a *legacyArchive, games []byte) error {
	var rows []exportedStatsRow
	if err := json.Unmarshal(games, &rows); err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	body, err := statsCSV([]string{"Date", "Opponent", "Location", "Result", "Score"}, rows, func(r exportedStatsRow) []string {
		return []string{r.Date, r.Opponent, deref(r.Location), deref(r.Result), deref(r.Score)}
	})
	if err != nil {
		return err
	}
	a.text("stats/game log.csv", body, src.now)
	return nil
}

func importedStatsFiles(ctx context.Context, src legacySource, a *legacyArchive) error {
	imports, err := store.Q.ArchiveStatsImports(ctx, src.db, src.athlete.ID)
	if err != nil {
		return err
	}
	if len(imports) == 0 {
		return nil
	}
	a.text("stats/imported files/About these files.txt", []byte(importedFilesNote), src.now)
	for _, imp := range imports {
		name := fmt.Sprintf("%d %s", imp.ID, safeFileName(imp.FileName, "import"))
		if !strings.HasSuffix(strings.ToLower(name), ".txt") {
			name += ".txt"
		}
		a.stored("stats/imported files/"+name, imp.FileKey, imp.FileSize, imp.CreatedAt)
	}
	return nil
}

// statsCSV lays rows out with the fixed columns first, then every stat any row has, in the order
// the app shows them (the display column keeps that order) and with the app's labels.
func statsCSV(fixed []string, rows []exportedStatsRow, cells func(exportedStatsRow) []string) ([]byte, error) {
	var keys []string
	seen := map[string]bool{}
	values := make([]map[string]any, len(rows))
	for i, r := range rows {
		ordered, err := orderedKeys(r.Display)
		if err != nil {
			return nil, err
		}
		values[i] = map[string]any{}
		if len(r.Display) > 0 && string(r.Display) != "null" {
			if err := json.Unmarshal(r.Display, &values[i]); err != nil {
				return nil, err
			}
		}
		for _, k := range ordered {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	var out bytes.Buffer
	w := spreadsheet.NewWriter(&out)
	header := append([]string{}, fixed...)
	for _, k := range keys {
		header = append(header, statsproviders.Label(k))
	}
	if err := w.Write(header); err != nil {
		return nil, err
	}
	for i, r := range rows {
		record := cells(r)
		for _, k := range keys {
			if v, ok := values[i][k]; ok && v != nil {
				record = append(record, fmt.Sprint(v))
			} else {
				record = append(record, "")
			}
		}
		if err := w.Write(record); err != nil {
			return nil, err
		}
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// orderedKeys answers the keys of a JSON object in the order they are written.
func orderedKeys(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
