//go:build ignore

// gen writes this folder's shaders from src/ with internal/codegen/kage:
// go generate ./shaders.
package main

import (
	"log"
	"os"

	"github.com/emberfx/ember/internal/codegen/kage"
)

func main() {
	files, err := kage.Generate("src")
	if err != nil {
		log.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
