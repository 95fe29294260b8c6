# shellcheck shell=bash
# Shared helpers for scripts/setup, scripts/test and scripts/demo. Source it;
# do not run it.

# shellcheck disable=SC2034 # used by the scripts that source this file
# The Go toolchain setup installs when the machine has no Go >= GO_MIN.
EMBER_GO_VERSION=1.26.8
EMBER_GO_MIN=1.26
# staticcheck 2026.2.2; its module is built for (and requires) Go 1.26.
EMBER_STATICCHECK_VERSION=v0.8.2

EMBER_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# CI runs with a trimmed environment: make sure the go command has a home.
if [ -z "${HOME:-}" ]; then
	HOME=$(getent passwd "$(id -u)" | cut -d: -f6)
	export HOME
fi

say() { printf '%s: %s\n' "${EMBER_SCRIPT:-ember}" "$*"; }
die() {
	say "error: $*" >&2
	exit 1
}

# version_ge A B: true when dotted version A >= B (numeric fields).
version_ge() {
	local IFS=.
	local -a a b
	read -ra a <<<"$1"
	read -ra b <<<"$2"
	local i x y
	for ((i = 0; i < ${#a[@]} || i < ${#b[@]}; i++)); do
		x=${a[i]:-0} y=${b[i]:-0}
		((10#$x > 10#$y)) && return 0
		((10#$x < 10#$y)) && return 1
	done
	return 0
}

# go_version GO: prints GO's own version ("1.26.8"), without toolchain
# switching; fails when GO does not run.
go_version() {
	local v
	v=$(GOTOOLCHAIN=local "$1" env GOVERSION 2>/dev/null) || return 1
	v=${v#go}
	v=${v%%[!0-9.]*} # drop suffixes such as "rc1" or " X:..."
	[ -n "$v" ] || return 1
	printf '%s\n' "$v"
}

# find_go: puts a Go >= EMBER_GO_MIN first on PATH and sets GO to it; fails
# when there is none.
find_go() {
	local g v
	for g in "$(command -v go 2>/dev/null || true)" /usr/local/go/bin/go /usr/local/bin/go; do
		[ -n "$g" ] && [ -x "$g" ] || continue
		v=$(go_version "$g") || continue
		if version_ge "$v" "$EMBER_GO_MIN"; then
			g=$(cd "$(dirname "$g")" && pwd)/go
			PATH="$(dirname "$g"):$PATH"
			export PATH
			GO=$g
			return 0
		fi
	done
	return 1
}

# gobin: the folder go install writes tools to; also put on PATH.
gobin() {
	local d
	d=$("$GO" env GOBIN)
	[ -n "$d" ] || d="$("$GO" env GOPATH | cut -d: -f1)/bin"
	printf '%s\n' "$d"
}
