package roblox

// Limits on what a decoder accepts, so that a forged count or size is an
// error instead of an allocation that exhausts memory.
const (
	// MaxFileSize is the largest Studio file Decode reads, in bytes.
	MaxFileSize = 512 << 20
	// MaxInstances is the most instances a file may hold.
	MaxInstances = 1 << 22
	// MaxDepth is the deepest an instance may be nested.
	MaxDepth = 1000
	// MaxChunkSize is the largest a binary chunk's data may be, after
	// decompression, in bytes.
	MaxChunkSize = 256 << 20
	// MaxDecodedSize bounds the decompressed data of all the chunks of one
	// binary file together, in bytes.
	MaxDecodedSize = 1 << 30
)

// Decode reads a Studio file: the binary format when data starts with its
// signature ("<roblox!"), XML otherwise. name is the file name errors
// carry. A malformed file is an [*Error] naming the byte offset of the
// problem; Decode never panics.
func Decode(name string, data []byte) (*Document, error) {
	if len(data) > MaxFileSize {
		return nil, errorf(name, 0, "the file is %d bytes, more than the %d a Studio file may have here", len(data), MaxFileSize)
	}
	if isBinary(data) {
		return decodeBinary(name, data)
	}
	return decodeXML(name, data)
}
