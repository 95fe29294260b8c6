//go:build !linux

package main

import "time"

// threadCPU is not measured on this system: the driver then reports wall
// time as CPU time.
func threadCPU() time.Duration { return -1 }
