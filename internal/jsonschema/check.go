package jsonschema

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

// Check checks v, a document decoded into Go's generic values (YAML or
// JSON: maps of string keys, []any, string, bool, int or float64), against
// the schema document root (decoded JSON, holding the $defs), and returns
// the first violation as "path: why", or "" when there is none. It knows
// the keywords this package writes; tests use it to hold documents and
// schemas to each other.
func Check(root map[string]any, v any) string { return check(root, root, v, "") }

func check(root, s map[string]any, v any, path string) string {
	if r, ok := s["$ref"].(string); ok {
		def := root["$defs"].(map[string]any)[strings.TrimPrefix(r, "#/$defs/")].(map[string]any)
		return check(root, def, v, path)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var why []string
		for _, alt := range alts {
			w := check(root, alt.(map[string]any), v, path)
			if w == "" {
				return ""
			}
			why = append(why, w)
		}
		return strings.Join(why, " or ")
	}
	if e, ok := s["enum"].([]any); ok {
		for _, x := range e {
			if x == v {
				return ""
			}
		}
		return fmt.Sprintf("%s: %v is not one of %v", path, v, e)
	}
	switch s["type"] {
	case "object":
		return checkObject(root, s, v, path)
	case "array":
		l, ok := v.([]any)
		if !ok {
			return path + ": not an array"
		}
		if n, ok := s["minItems"].(float64); ok && float64(len(l)) < n {
			return fmt.Sprintf("%s: %d items, fewer than %v", path, len(l), n)
		}
		if n, ok := s["maxItems"].(float64); ok && float64(len(l)) > n {
			return fmt.Sprintf("%s: %d items, more than %v", path, len(l), n)
		}
		for i, x := range l {
			if w := check(root, s["items"].(map[string]any), x, fmt.Sprintf("%s[%d]", path, i)); w != "" {
				return w
			}
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			return path + ": not a string"
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(str) {
			return fmt.Sprintf("%s: %q does not match %s", path, str, p)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return path + ": not a boolean"
		}
	case "number", "integer":
		return checkNumber(s, v, path)
	}
	return ""
}

func checkObject(root, s map[string]any, v any, path string) string {
	m, ok := v.(map[string]any)
	if !ok {
		return path + ": not an object"
	}
	if n, ok := s["maxProperties"].(float64); ok && float64(len(m)) > n {
		return fmt.Sprintf("%s: %d properties, more than %v", path, len(m), n)
	}
	req, _ := s["required"].([]any)
	for _, r := range req {
		if _, ok := m[r.(string)]; !ok {
			return path + ": " + r.(string) + " is required"
		}
	}
	props, _ := s["properties"].(map[string]any)
	for k, x := range m {
		if names, ok := s["propertyNames"].(map[string]any); ok {
			if w := check(root, names, k, path+"["+k+"]"); w != "" {
				return w
			}
		}
		if p, ok := props[k].(map[string]any); ok {
			if w := check(root, p, x, path+"."+k); w != "" {
				return w
			}
			continue
		}
		switch extra := s["additionalProperties"].(type) {
		case bool:
			if !extra {
				return path + ": " + k + " is not allowed"
			}
		case map[string]any:
			if w := check(root, extra, x, path+"["+k+"]"); w != "" {
				return w
			}
		}
	}
	return ""
}

func checkNumber(s map[string]any, v any, path string) string {
	var x float64
	switch n := v.(type) {
	case int:
		x = float64(n)
	case float64:
		x = n
	default:
		return path + ": not a number"
	}
	if s["type"] == "integer" && x != math.Trunc(x) {
		return path + ": not an integer"
	}
	if lo, ok := s["minimum"].(float64); ok && x < lo {
		return fmt.Sprintf("%s: %v is below %v", path, x, lo)
	}
	if lo, ok := s["exclusiveMinimum"].(float64); ok && x <= lo {
		return fmt.Sprintf("%s: %v is not above %v", path, x, lo)
	}
	if hi, ok := s["maximum"].(float64); ok && x > hi {
		return fmt.Sprintf("%s: %v is above %v", path, x, hi)
	}
	if hi, ok := s["exclusiveMaximum"].(float64); ok && x >= hi {
		return fmt.Sprintf("%s: %v is not below %v", path, x, hi)
	}
	return ""
}
