package statsproviders

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"legacylocker/integrations/sports"
)

// Our own blank sheet, per sport (issue 29): "Jersey", "Name", then every stat a family can type
// for the sport, headed by its label. A family whose team uses no platform we read fills it in any
// spreadsheet (a row for their child, or one per player) and imports it like an export; the import
// dialog says whether it is one game or a season.

const (
	sheetJersey = "Jersey"
	sheetName   = "Name"
)

// SheetHeader is the sport's blank sheet: its one row, the columns a family fills in.
func SheetHeader(cat *sports.Catalogue) []string {
	header := []string{sheetJersey, sheetName}
	for _, s := range cat.Stats {
		if s.Kind != sports.Rate {
			header = append(header, s.Label)
		}
	}
	return header
}

// Detect recognises a sheet by its first two columns, as BlankSheet writes them.
func (Manual) Detect(_ string, head []byte) bool {
	head = bytes.TrimPrefix(head, utf8BOM)
	first, _, _ := bytes.Cut(head, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(first))
	r.FieldsPerRecord = -1
	cells, err := r.Read()
	return err == nil && len(cells) > 2 &&
		strings.EqualFold(strings.TrimSpace(cells[0]), sheetJersey) && strings.EqualFold(strings.TrimSpace(cells[1]), sheetName)
}

// ErrSheetSport: the header names no sport's stats.
var ErrSheetSport = &FileError{"This sheet's columns are not any sport's stats. Download a blank sheet for the athlete's sport, fill it in, and import that file."}

// Parse reads a filled-in sheet. The sport is the catalogue whose stats the header names most
// (a sheet downloaded for basketball is basketball's, whatever columns were deleted); a column no
// stat of that sport is called is kept in the raw row and reported.
func (Manual) Parse(r io.Reader) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxSheetBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading the sheet: %w", err)
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, utf8BOM)))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil || len(header) < 3 {
		return nil, ErrNotStatsExport
	}
	for i := range header {
		header[i] = strings.TrimSpace(header[i])
	}
	cat, stats := sheetSport(header[2:])
	if cat == nil {
		return nil, ErrSheetSport
	}
	res := &Result{Format: FormatSheetCSV, Sport: cat.Sport, Columns: header}
	var unknown []string
	for i, s := range stats {
		if s == nil {
			unknown = append(unknown, header[i+2])
		}
	}
	if len(unknown) > 0 {
		res.warn(0, WarnUnknownColumns, "Columns we do not read for %s: %s", strings.ToLower(cat.Label), strings.Join(unknown, ", "))
	}
	var slots statSlots
	slot := make([]int, len(stats)) // the slot of each stat column
	for i, s := range stats {
		if s == nil {
			continue
		}
		key := s.Key
		if s.Kind == sports.Innings {
			key = OutsPitched // the diamond sports keep innings as outs
		}
		slot[i] = slots.slot(key)
	}
	for row := 2; ; row++ {
		cells, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, &FileError{fmt.Sprintf("Row %d of the sheet could not be read (%v). Save it again as CSV and import that file.", row, err)}
		}
		if blankRow(cells) {
			continue
		}
		p := Player{Row: row, cells: cells, columns: header, counts: slots.row()}
		p.Jersey = strings.TrimSpace(cells[0])
		if len(cells) > 1 {
			p.Name = strings.TrimSpace(cells[1])
		}
		for i, s := range stats {
			if s == nil || i+2 >= len(cells) {
				continue
			}
			text := strings.TrimSpace(cells[i+2])
			if text == "" || text == "-" {
				continue
			}
			v, err := sports.ParseValue(*s, text)
			if err != nil {
				res.warn(row, WarnNotANumber, "Row %d: %s: %v. It was left out.", row, s.Label, err)
				continue
			}
			p.counts.set(slot[i], v)
		}
		res.Players = append(res.Players, p)
	}
	if len(res.Players) == 0 {
		return nil, &FileError{"This sheet has no filled-in row. Write the athlete's numbers under the headings and import it again."}
	}
	res.finish()
	return res, nil
}

// maxSheetBytes bounds a sheet: a team's season is a few kilobytes.
const maxSheetBytes = 2 << 20

// sheetSport finds the catalogue whose typed stats the columns name most (by label, abbreviation
// or key, ignoring case), and each column's stat in it (nil: not the sport's).
func sheetSport(columns []string) (*sports.Catalogue, []*sports.Stat) {
	var best *sports.Catalogue
	var bestStats []*sports.Stat
	bestCount := 0
	for _, cat := range sports.All() {
		found := make([]*sports.Stat, len(columns))
		count := 0
		for i, col := range columns {
			for j := range cat.Stats {
				s := &cat.Stats[j]
				if s.Kind != sports.Rate && (strings.EqualFold(col, s.Label) || strings.EqualFold(col, s.Key) || (s.Abbr != "" && col == s.Abbr)) {
					found[i] = s
					count++
					break
				}
			}
		}
		if count > bestCount {
			best, bestStats, bestCount = cat, found, count
		}
	}
	return best, bestStats
}

func blankRow(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}
