package kwp1

// The codec of kwp1.schema is generated; codec_gen.go is checked in and
// TestGeneratedCodecIsCurrent fails when it is stale.
//go:generate go run ../../../internal/codegen/binary/cmd/binarygen -o codec_gen.go kwp1.schema
