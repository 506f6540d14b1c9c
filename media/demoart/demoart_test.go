package demoart

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEverySceneIsAFieldUnderItsSky(t *testing.T) {
	for key, s := range Scenes {
		var buf bytes.Buffer
		require.NoError(t, Encode(&buf, s), key)
		img, err := png.Decode(&buf)
		require.NoError(t, err)
		require.Equal(t, Width, img.Bounds().Dx())
		r, g, b, _ := img.At(5, 2).RGBA()
		require.Equal(t, [3]uint32{uint32(s.SkyTop.R), uint32(s.SkyTop.G), uint32(s.SkyTop.B)}, [3]uint32{r >> 8, g >> 8, b >> 8}, key)
		r, g, b, _ = img.At(5, Height-2).RGBA()
		require.Equal(t, [3]uint32{uint32(s.Grass.R), uint32(s.Grass.G), uint32(s.Grass.B)}, [3]uint32{r >> 8, g >> 8, b >> 8}, key)
		r, g, b, _ = img.At(Width/2, Height-120).RGBA()
		require.Equal(t, [3]uint32{uint32(s.Dirt.R), uint32(s.Dirt.G), uint32(s.Dirt.B)}, [3]uint32{r >> 8, g >> 8, b >> 8}, key)
	}
}
