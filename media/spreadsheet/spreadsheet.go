// Package spreadsheet writes the CSV files Legacy Locker hands to families. A spreadsheet that opens
// a CSV runs any cell that looks like a formula, and the cells hold what families and stats platforms
// typed (an opponent named =HYPERLINK(…) is one import away), so every CSV the product writes goes
// through Writer, which neutralises such cells the way OWASP's CSV injection rule says.
package spreadsheet

import (
	"encoding/csv"
	"io"
	"regexp"
)

// Writer is encoding/csv's writer with every cell neutralised.
type Writer struct {
	csv *csv.Writer
}

// NewWriter answers a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{csv: csv.NewWriter(w)}
}

// Write writes one row, each cell neutralised.
func (w *Writer) Write(cells []string) error {
	safe := make([]string, len(cells))
	for i, c := range cells {
		safe[i] = Neutralise(c)
	}
	return w.csv.Write(safe)
}

// Flush writes what is buffered and answers any error of this or an earlier write.
func (w *Writer) Flush() error {
	w.csv.Flush()
	return w.csv.Error()
}

// plainNumber is a whole cell that is one decimal number, sign and exponent allowed.
var plainNumber = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// Neutralise answers the cell prefixed with ' when a spreadsheet would read it as a formula: it starts
// with =, +, -, @, tab or carriage return. A cell that is entirely a plain number is left as it is,
// though OWASP says to prefix those too: stats hold negative numbers ("-3" runs, a -0.5 differential),
// and a prefixed one turns into text a spreadsheet can no longer add up, while a number alone cannot
// call a function, reach a URL or refer to another cell, which is what the rule guards against.
func Neutralise(cell string) string {
	if cell == "" || plainNumber.MatchString(cell) {
		return cell
	}
	switch cell[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + cell
	}
	return cell
}
