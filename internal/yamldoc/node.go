package yamldoc

import (
	"strconv"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Resolve follows a YAML alias to the node it names (at most 8 hops, so a
// cycle cannot loop).
func Resolve(n *yaml.Node) *yaml.Node {
	for i := 0; i < 8 && n != nil && n.Kind == yaml.AliasNode && n.Alias != nil; i++ {
		n = n.Alias
	}
	return n
}

// Describe names what a node is, for "expected X, got Y" messages: "a
// mapping", "a list", "the number 5", "the string \"x\"", "null (no value)".
func Describe(n *yaml.Node) string {
	n = Resolve(n)
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null (no value)"
		case "!!bool":
			return "the boolean " + n.Value
		case "!!int", "!!float":
			return "the number " + Clip(n.Value)
		case "!!str":
			return "the string " + strconv.Quote(Clip(n.Value))
		}
		return "the value " + strconv.Quote(Clip(n.Value))
	}
	return "an unknown kind of value"
}

// Clip shortens s to 40 characters for quoting in a message.
func Clip(s string) string {
	const n = 40
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// Join is the path of key inside the mapping at path: "a.key", or "key" at
// the top level.
func Join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Index is the path of element i of the list at path: "a[i]".
func Index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
