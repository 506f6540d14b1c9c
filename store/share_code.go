package store

import (
	"crypto/rand"
	"math/big"
)

// ShareCodeAlphabet is the characters of public share codes: no 0/O, 1/l/I to misread from print.
const ShareCodeAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// NewShareCode is 12 characters from crypto/rand: about 70 bits, not guessable. The api makes them
// for the share dialog and coach links, the season_book job for the clips a book prints.
func NewShareCode() (string, error) {
	b := make([]byte, 12)
	for i := range b {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(ShareCodeAlphabet))))
		if err != nil {
			return "", err
		}
		b[i] = ShareCodeAlphabet[n.Int64()]
	}
	return string(b), nil
}
