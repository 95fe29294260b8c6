package emitter

// SinCosDegrees returns the sine and cosine of d degrees as the batched
// renderer turns billboards: exact at multiples of 90° and within 2e-9 of
// math.Sincos elsewhere, about twice as cheap (the polynomial of
// AppendBillboards). Renderers of other particles (world emitters) turn
// their quads with it too.
func SinCosDegrees(d float64) (sin, cos float64) { return sincosDegPoly(d) }
